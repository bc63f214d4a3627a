import { describe, expect, it } from 'vitest'
import * as TokenBucket from './TokenBucket.js'

describe('create', () => {
  it('admits a burst of `capacity`, then asks to wait until a token refills', async () => {
    let now = 0
    const store = TokenBucket.create({ now: () => now })
    const rule = { capacity: 3, refillPerSecond: 0.5 }
    const take = () => store.take('a', rule)
    expect([await take(), await take(), await take()]).toEqual([0, 0, 0])
    expect(await take()).toBe(2)
    now = 2_000
    expect(await take()).toBe(0)
    expect(await take()).toBe(2)
  })

  it('keeps a separate bucket per key', async () => {
    const store = TokenBucket.create({ now: () => 0 })
    const rule = { capacity: 1, refillPerSecond: 1 }
    expect(await store.take('a', rule)).toBe(0)
    expect(await store.take('a', rule)).toBe(1)
    expect(await store.take('b', rule)).toBe(0)
  })

  it('answers an email-style cooldown (one per 30 s) with the seconds left', async () => {
    let now = 0
    const store = TokenBucket.create({ now: () => now })
    const cooldown = { capacity: 1, refillPerSecond: 1 / 30 }
    expect(await store.take('email:a@example.com', cooldown)).toBe(0)
    now = 12_500
    expect(await store.take('email:a@example.com', cooldown)).toBe(18)
    now = 30_000
    expect(await store.take('email:a@example.com', cooldown)).toBe(0)
  })

  it('forgets the least recently seen key beyond maxKeys', async () => {
    const store = TokenBucket.create({ maxKeys: 2, now: () => 0 })
    const rule = { capacity: 1, refillPerSecond: 1 }
    await store.take('a', rule)
    await store.take('b', rule)
    await store.take('c', rule)
    // 'a' was evicted, so it starts with a full bucket again.
    expect(await store.take('a', rule)).toBe(0)
    expect(await store.take('c', rule)).toBe(1)
  })
})
