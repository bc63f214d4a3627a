import { describe, expect, it } from 'vitest'
import { ImageUnavailableError } from '../errors.js'
import type { Image } from './fetchImage.js'
import * as ImageCache from './ImageCache.js'

const image = (size: number): Image => ({ bytes: new Uint8Array(size), contentType: 'image/png' })

describe('ImageCache.create', () => {
  it('reads a source once and serves it from memory after', async () => {
    const cache = ImageCache.create({ maxBytes: 1_000, ttlMs: 60_000, failureTtlMs: 1_000 })
    let loads = 0
    const load = async () => {
      loads++
      return image(10)
    }
    await cache.get('a', load)
    await cache.get('a', load)
    expect(loads).toBe(1)
    expect(cache.bytes).toBe(10)
  })

  it('shares one read between concurrent misses', async () => {
    const cache = ImageCache.create({ maxBytes: 1_000, ttlMs: 60_000, failureTtlMs: 1_000 })
    let loads = 0
    const load = async () => {
      loads++
      return image(10)
    }
    await Promise.all([cache.get('a', load), cache.get('a', load), cache.get('a', load)])
    expect(loads).toBe(1)
  })

  it('keeps its bytes within the bound, dropping the least recently used first', async () => {
    const cache = ImageCache.create({ maxBytes: 250, ttlMs: 60_000, failureTtlMs: 1_000 })
    const loaded: string[] = []
    const load = (key: string) => async () => {
      loaded.push(key)
      return image(100)
    }
    await cache.get('a', load('a'))
    await cache.get('b', load('b'))
    await cache.get('a', load('a'))
    await cache.get('c', load('c'))
    expect(cache.bytes).toBe(200)
    await cache.get('a', load('a'))
    await cache.get('b', load('b'))
    expect(loaded).toEqual(['a', 'b', 'c', 'b'])
  })

  it('never holds an image larger than the whole cache', async () => {
    const cache = ImageCache.create({ maxBytes: 50, ttlMs: 60_000, failureTtlMs: 1_000 })
    expect((await cache.get('big', async () => image(100))).bytes.byteLength).toBe(100)
    expect(cache.bytes).toBe(0)
  })

  it('reads the source again once the entry expired', async () => {
    let now = 0
    const cache = ImageCache.create({ maxBytes: 1_000, ttlMs: 100, failureTtlMs: 10, now: () => now })
    let loads = 0
    const load = async () => {
      loads++
      return image(10)
    }
    await cache.get('a', load)
    now = 100
    await cache.get('a', load)
    expect(loads).toBe(2)
    expect(cache.bytes).toBe(10)
  })

  it('remembers a failed source for a while instead of asking it again', async () => {
    let now = 0
    const cache = ImageCache.create({ maxBytes: 1_000, ttlMs: 100, failureTtlMs: 10, now: () => now })
    let loads = 0
    const failing = async (): Promise<Image> => {
      loads++
      throw new ImageUnavailableError('the source answered 500')
    }
    await expect(cache.get('a', failing)).rejects.toThrow(/answered 500/)
    await expect(cache.get('a', failing)).rejects.toThrow(/answered 500/)
    expect(loads).toBe(1)
    now = 10
    await expect(cache.get('a', failing)).rejects.toThrow(/answered 500/)
    expect(loads).toBe(2)
  })
})
