import { describe, expect, it } from 'vitest'
import { gasLimitFor, gasLimitMarginPercent } from './gasLimit.js'

describe('gasLimitFor', () => {
  it('adds the margin to the estimate, rounding down', () => {
    expect(gasLimitMarginPercent).toBe(50n)
    expect(gasLimitFor(21_000n)).toBe(31_500n)
    expect(gasLimitFor(150_001n)).toBe(225_001n)
  })

  it('covers the storage writes a Uniswap V2 swap can leave out of its estimate', () => {
    // A two-pair swap near 250,000 gas that first updates both pairs' accumulators: 2 x 2 x 22,100.
    expect(gasLimitFor(250_000n) - 250_000n).toBeGreaterThan(2n * 2n * 22_100n)
  })
})
