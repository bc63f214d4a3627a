// The logo and icon cache of one API process: images by source URL, bounded by their total bytes
// (least recently used go first), kept for a day; a failed source is remembered for a few minutes so
// a dead one is not asked again on every list render. Concurrent misses share one read.
import { ImageUnavailableError } from '../errors.js'
import type { Image } from './fetchImage.js'

export type ImageCache = {
  /** The cached image of `key`, else `load()`'s (stored), or the failure remembered for `key`. */
  get(key: string, load: () => Promise<Image>): Promise<Image>
  /** Bytes held now. */
  readonly bytes: number
}

export declare namespace create {
  type Options = {
    /** The most image bytes held at once. */
    maxBytes: number
    /** How long an image is served before its source is read again. */
    ttlMs: number
    /** How long a failed source is answered with its failure without asking it again. */
    failureTtlMs: number
    now?: () => number
  }
}

export function create(options: create.Options): ImageCache {
  const { maxBytes, ttlMs, failureTtlMs, now = Date.now } = options
  // Map order is recency: a hit is re-inserted, so the first key is the least recently used.
  const images = new Map<string, { image: Image; expiresAt: number }>()
  const failures = new Map<string, { error: ImageUnavailableError; expiresAt: number }>()
  const inflight = new Map<string, Promise<Image>>()
  let bytes = 0

  function store(key: string, image: Image) {
    // One image larger than the whole cache is served but never held.
    if (image.bytes.byteLength > maxBytes) return
    bytes += image.bytes.byteLength
    images.set(key, { image, expiresAt: now() + ttlMs })
    for (const [oldest, entry] of images) {
      if (bytes <= maxBytes) break
      images.delete(oldest)
      bytes -= entry.image.bytes.byteLength
    }
  }

  function forget(key: string) {
    const entry = images.get(key)
    if (!entry) return
    images.delete(key)
    bytes -= entry.image.bytes.byteLength
  }

  return {
    async get(key, load) {
      const hit = images.get(key)
      if (hit && hit.expiresAt > now()) {
        images.delete(key)
        images.set(key, hit)
        return hit.image
      }
      forget(key)
      const failed = failures.get(key)
      if (failed && failed.expiresAt > now()) throw failed.error
      failures.delete(key)
      let pending = inflight.get(key)
      if (!pending) {
        pending = load()
          .then(
            (image) => {
              store(key, image)
              return image
            },
            (error: unknown) => {
              if (error instanceof ImageUnavailableError) {
                failures.set(key, { error, expiresAt: now() + failureTtlMs })
                // Failures are small but unbounded in number without a cap: keep the newest.
                if (failures.size > 10_000) failures.delete(failures.keys().next().value!)
              }
              throw error
            },
          )
          .finally(() => inflight.delete(key))
        inflight.set(key, pending)
      }
      return pending
    },
    get bytes() {
      return bytes
    },
  }
}
