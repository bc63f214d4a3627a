import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as Gcra from './gcra.js'

describe('take', () => {
  it('grants a full bucket `capacity` tokens at once, then one per interval', () => {
    const rule = { capacity: 3, refillPerSecond: 2 }
    const burst = Gcra.take(0, 1_000, rule, 5)
    expect(burst).toMatchObject({ granted: 3, waitSeconds: 0.5 })
    expect(Gcra.take(burst.tatMs, 1_499, rule, 1).granted).toBe(0)
    expect(Gcra.take(burst.tatMs, 1_500, rule, 1).granted).toBe(1)
  })

  it('never grants more than capacity + elapsed × rate, whatever the sequence of takes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.double({ min: 0.01, max: 100, noNaN: true }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 5_000 }), fc.integer({ min: 1, max: 10 })), {
          maxLength: 50,
        }),
        (capacity, refillPerSecond, steps) => {
          const rule = { capacity, refillPerSecond }
          let tat = 0
          let now = 1_000_000
          let granted = 0
          for (const [gap, count] of steps) {
            now += gap
            const result = Gcra.take(tat, now, rule, count)
            expect(result.granted).toBeGreaterThanOrEqual(0)
            expect(result.granted).toBeLessThanOrEqual(count)
            tat = result.tatMs
            granted += result.granted
          }
          expect(granted).toBeLessThanOrEqual(capacity + ((now - 1_000_000) / 1000) * refillPerSecond + 1e-6)
        },
      ),
    )
  })

  it('says how long until the next token, and that token is then granted', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.double({ min: 0.01, max: 100, noNaN: true }),
        (capacity, refillPerSecond) => {
          const rule = { capacity, refillPerSecond }
          const empty = Gcra.take(0, 0, rule, capacity)
          const refused = Gcra.take(empty.tatMs, 0, rule, 1)
          expect(refused.granted).toBe(0)
          expect(refused.waitSeconds).toBeGreaterThan(0)
          expect(Gcra.take(empty.tatMs, refused.waitSeconds * 1000, rule, 1).granted).toBe(1)
        },
      ),
    )
  })
})

describe('retryAfter', () => {
  it('rounds up to whole seconds, at least 1', () => {
    expect([0, 0.2, 1, 1.0000000001, 1.5, 17.5].map(Gcra.retryAfter)).toEqual([1, 1, 1, 1, 2, 18])
  })
})
