import { describe, expect, it } from 'vitest'
import * as TokenBucket from './TokenBucket.js'

describe('create', () => {
  it('admits a burst of `capacity`, then asks to wait until a token refills', () => {
    let now = 0
    const limiter = TokenBucket.create({ capacity: 3, refillPerSecond: 0.5, now: () => now })
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([0, 0, 0])
    expect(limiter.take('a')).toBe(2)
    now = 2_000
    expect(limiter.take('a')).toBe(0)
    expect(limiter.take('a')).toBe(2)
  })

  it('keeps a separate bucket per key', () => {
    const limiter = TokenBucket.create({ capacity: 1, refillPerSecond: 1, now: () => 0 })
    expect(limiter.take('a')).toBe(0)
    expect(limiter.take('a')).toBe(1)
    expect(limiter.take('b')).toBe(0)
  })

  it('forgets the least recently seen key beyond maxKeys', () => {
    const limiter = TokenBucket.create({ capacity: 1, refillPerSecond: 1, maxKeys: 2, now: () => 0 })
    limiter.take('a')
    limiter.take('b')
    limiter.take('c')
    // 'a' was evicted, so it starts with a full bucket again.
    expect(limiter.take('a')).toBe(0)
    expect(limiter.take('c')).toBe(1)
  })
})
