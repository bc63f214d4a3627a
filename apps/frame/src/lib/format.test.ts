import { describe, expect, it } from 'vitest'
import { truncateUnits } from './format.js'

describe('truncateUnits', () => {
  it('cuts to three decimals without rounding up', () => {
    expect(truncateUnits(1_999_999_999_999_999_999n, 18)).toBe('1.999')
    expect(truncateUnits('10000000000000000000000', 18)).toBe('10000')
    expect(truncateUnits(1_500_000_000n, 9)).toBe('1.5')
  })

  it('shows amounts below the last digit as 0 and keeps the sign', () => {
    expect(truncateUnits(1n, 18)).toBe('0')
    expect(truncateUnits(-2_500_000n, 6)).toBe('-2.5')
    expect(truncateUnits(0n, 0)).toBe('0')
  })
})
