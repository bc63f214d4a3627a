import { describe, expect, it } from 'vitest'
import * as TtlCache from './TtlCache.js'

describe('create', () => {
  it('returns a value until its ttl passes', () => {
    let now = 0
    const cache = TtlCache.create<number>({ ttlMs: 30_000, maxEntries: 10, now: () => now })
    cache.set('k', 1)
    now = 29_999
    expect(cache.get('k')).toBe(1)
    now = 30_000
    expect(cache.get('k')).toBeUndefined()
    expect(cache.size).toBe(0)
  })

  it('evicts the least recently used entry when full', () => {
    const cache = TtlCache.create<number>({ ttlMs: 1_000, maxEntries: 2, now: () => 0 })
    cache.set('a', 1)
    cache.set('b', 2)
    cache.get('a')
    cache.set('c', 3)
    expect(cache.get('b')).toBeUndefined()
    expect(cache.get('a')).toBe(1)
    expect(cache.get('c')).toBe(3)
  })

  it('stores nothing with a ttl of 0', () => {
    const cache = TtlCache.create<number>({ ttlMs: 0, maxEntries: 2 })
    cache.set('a', 1)
    expect(cache.get('a')).toBeUndefined()
  })
})
