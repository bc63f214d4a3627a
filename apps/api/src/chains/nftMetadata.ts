// ERC-721 token metadata (the JSON a tokenURI points at): fetched over http(s) within a deadline and a
// size cap, or decoded from a data: URI; any other scheme (ipfs:, ar:) has no metadata here, since
// the API has no gateway to read it through. Whatever the JSON says is held to what the answer may
// carry: text without NUL or lone surrogates, images a browser can show.
import { isStorableText, maxNftDataImageLength, maxNftImageUrlLength } from '@walletframe/protocol'

export type NftMetadata = {
  name: string | undefined
  description: string | undefined
  /** An http(s) URL or a data:image/ URI within the protocol's bounds. */
  image: string | undefined
}

/** Metadata JSON larger than this is not read (a real one is a few hundred bytes). */
export const defaultMaxBytes = 256 * 1024

export declare namespace read {
  type Options = {
    /** Ends the wait for the metadata server (shared by the reads of one answer). */
    signal: AbortSignal
    maxBytes?: number
    fetch?: typeof fetch
  }
}

/**
 * The metadata of a token URI; undefined when it cannot be read for any reason (scheme, network,
 * status, size, not a JSON object): a token without metadata is still the holder's token.
 */
export async function read(tokenUri: string, options: read.Options): Promise<NftMetadata | undefined> {
  const { maxBytes = defaultMaxBytes } = options
  let body: Uint8Array | undefined
  if (tokenUri.startsWith('data:')) body = decodeDataUri(tokenUri, maxBytes)
  else if (/^https?:\/\//i.test(tokenUri)) body = await fetchCapped(tokenUri, { ...options, maxBytes })
  if (!body) return undefined
  let json: unknown
  try {
    json = JSON.parse(new TextDecoder().decode(body))
  } catch {
    return undefined
  }
  if (!json || typeof json !== 'object' || Array.isArray(json)) return undefined
  const record = json as Record<string, unknown>
  const string = (value: unknown) => (typeof value === 'string' ? value : undefined)
  return {
    name: string(record.name),
    description: string(record.description),
    // `image_url` is what some collections (and OpenSea's docs) use instead of the standard `image`.
    image: showableImage(string(record.image) ?? string(record.image_url)),
  }
}

async function fetchCapped(
  url: string,
  options: Required<Pick<read.Options, 'maxBytes'>> & read.Options,
): Promise<Uint8Array | undefined> {
  const { maxBytes, signal, fetch: doFetch = fetch } = options
  try {
    const response = await doFetch(url, { headers: { accept: 'application/json' }, signal })
    if (!response.ok || !response.body) {
      await response.body?.cancel()
      return undefined
    }
    if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
      await response.body.cancel()
      return undefined
    }
    // Counted while reading: a chunked answer has no length to check up front.
    const chunks: Uint8Array[] = []
    let size = 0
    const reader = response.body.getReader()
    for (;;) {
      const next = await reader.read()
      if (next.done) break
      size += next.value.byteLength
      if (size > maxBytes) {
        await reader.cancel()
        return undefined
      }
      chunks.push(next.value)
    }
    return Buffer.concat(chunks)
  } catch {
    // Refused, reset, timed out or aborted: all mean "no metadata", which the answer says.
    return undefined
  }
}

/** RFC 2397: `data:[<mediatype>][;base64],<data>`; the data percent-encoded unless base64. */
export function decodeDataUri(uri: string, maxBytes = defaultMaxBytes): Uint8Array | undefined {
  const comma = uri.indexOf(',')
  if (comma === -1) return undefined
  const header = uri.slice(5, comma).toLowerCase()
  const data = uri.slice(comma + 1)
  // Checked before decoding: neither encoding shrinks below 3/4 of its text.
  if ((data.length * 3) / 4 > maxBytes + 3) return undefined
  let bytes: Uint8Array
  if (header.endsWith(';base64')) {
    bytes = Buffer.from(data, 'base64')
  } else {
    try {
      bytes = new TextEncoder().encode(decodeURIComponent(data))
    } catch {
      // A bare `%` that is not an escape: many contracts write raw JSON after `utf8,`.
      bytes = new TextEncoder().encode(data)
    }
  }
  return bytes.byteLength > maxBytes ? undefined : bytes
}

/** An image URL a browser can show from the frame: http(s) or a data:image/, within the bounds. */
export function showableImage(value: string | undefined): string | undefined {
  if (!value || !isStorableText(value)) return undefined
  const image = value.trim()
  if (/^https?:\/\//i.test(image)) {
    if (image.length > maxNftImageUrlLength) return undefined
    try {
      new URL(image)
    } catch {
      return undefined
    }
    return image
  }
  if (/^data:image\//i.test(image)) return image.length > maxNftDataImageLength ? undefined : image
  return undefined
}

/**
 * Text held to `max` UTF-16 units that Postgres and UTF-8 can carry: NUL removed, lone surrogates
 * replaced, surrounding space trimmed, cut without splitting a surrogate pair. Empty becomes undefined.
 */
export function clip(value: string | undefined, max: number): string | undefined {
  if (value === undefined) return undefined
  let text = value.replaceAll('\u0000', '')
  // Through UTF-8 and back: a lone surrogate has no UTF-8 form and comes back as U+FFFD.
  if (!isStorableText(text)) text = Buffer.from(text, 'utf8').toString('utf8')
  text = text.trim()
  if (text.length > max) {
    const end = /[\ud800-\udbff]/.test(text.charAt(max - 1)) ? max - 1 : max
    text = text.slice(0, end).trimEnd()
  }
  return text === '' ? undefined : text
}
