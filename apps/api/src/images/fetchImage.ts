// Reads one image from its source for the logo and icon routes: http(s) only, no redirects, a
// deadline, a byte limit counted as the body arrives, and the bytes must be the image type the
// response claims (an HTML page sent as image/png is refused).
import { ImageUnavailableError } from '../errors.js'

export const imageTypes = ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'] as const
export type ImageType = (typeof imageTypes)[number]

export type Image = { bytes: Uint8Array<ArrayBuffer>; contentType: ImageType }

export declare namespace fetchImage {
  type Options = {
    /** The most bytes an image may have. */
    maxBytes: number
    /** Upper bound on the whole read, headers and body. */
    timeoutMs: number
    fetch?: typeof fetch
  }
}

export async function fetchImage(url: string, options: fetchImage.Options): Promise<Image> {
  const { maxBytes, timeoutMs, fetch: fetchFn = fetch } = options
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new ImageUnavailableError('the source is not a URL')
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw new ImageUnavailableError('the source is not an http(s) URL')
  const signal = AbortSignal.timeout(timeoutMs)
  let response: Response
  try {
    // A redirect is never followed: its target is chosen by the source, and could be an address
    // inside the operator's network that the API can reach and a browser could not.
    response = await fetchFn(parsed, {
      redirect: 'manual',
      signal,
      headers: { accept: imageTypes.join(', ') },
    })
  } catch (error) {
    throw new ImageUnavailableError(`the source did not answer (${(error as Error).name})`)
  }
  if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
    await response.body?.cancel().catch(() => {})
    throw new ImageUnavailableError('the source answered with a redirect')
  }
  if (response.status !== 200) {
    await response.body?.cancel().catch(() => {})
    throw new ImageUnavailableError(`the source answered ${response.status}`)
  }
  const contentType = mediaType(response.headers.get('content-type'))
  if (!contentType) {
    await response.body?.cancel().catch(() => {})
    throw new ImageUnavailableError('the source did not send a PNG, JPEG, WebP or SVG image')
  }
  const bytes = await readLimited(response, maxBytes, signal)
  if (!looksLike(contentType, bytes))
    throw new ImageUnavailableError(`the bytes are not the ${contentType} the source claims`)
  return { bytes, contentType }
}

function mediaType(header: string | null): ImageType | undefined {
  const type = header?.split(';')[0]?.trim().toLowerCase()
  return imageTypes.find((known) => known === type)
}

/** The body, refusing it as soon as it passes `maxBytes` (a declared length or the bytes counted). */
async function readLimited(
  response: Response,
  maxBytes: number,
  signal: AbortSignal,
): Promise<Uint8Array<ArrayBuffer>> {
  const tooLarge = () => new ImageUnavailableError(`the image is larger than ${maxBytes} bytes`)
  const declared = Number(response.headers.get('content-length') ?? Number.NaN)
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => {})
    throw tooLarge()
  }
  if (!response.body) return new Uint8Array()
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      total += value.byteLength
      if (total > maxBytes) {
        await reader.cancel().catch(() => {})
        throw tooLarge()
      }
      chunks.push(value)
    }
  } catch (error) {
    if (error instanceof ImageUnavailableError) throw error
    throw new ImageUnavailableError(signal.aborted ? 'the source took too long' : 'the body broke off')
  }
  const bytes = new Uint8Array(total)
  let at = 0
  for (const chunk of chunks) {
    bytes.set(chunk, at)
    at += chunk.byteLength
  }
  return bytes
}

const svgStart = /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE\s+svg[^>]*>\s*)?<svg[\s>]/i

/** Whether the first bytes are those of `type` (magic numbers; an SVG opens with its svg element). */
export function looksLike(type: ImageType, bytes: Uint8Array): boolean {
  const starts = (...magic: number[]) => magic.every((byte, i) => bytes[i] === byte)
  switch (type) {
    case 'image/png':
      return starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)
    case 'image/jpeg':
      return starts(0xff, 0xd8, 0xff)
    case 'image/webp':
      return starts(0x52, 0x49, 0x46, 0x46) && String.fromCharCode(...bytes.subarray(8, 12)) === 'WEBP'
    case 'image/svg+xml':
      return svgStart.test(new TextDecoder().decode(bytes.subarray(0, 4096)))
  }
}
