import { describe, expect, it } from 'vitest'
import { formatUsd, truncateDecimal, truncateUnits } from './format.js'

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

describe('truncateDecimal', () => {
  it.each([
    ['1.23456', '1.234'],
    ['1.2399', '1.239'],
    ['0.0009', '0'],
    ['10', '10'],
    ['10.100', '10.1'],
    ['000.5', '0.5'],
    ['-0.0001', '0'],
    ['-2.5', '-2.5'],
    ['12345678901234567890.123456789', '12345678901234567890.123'],
  ])('%s -> %s', (input, expected) => {
    expect(truncateDecimal(input)).toBe(expected)
  })
})

describe('formatUsd', () => {
  it('formats dollars and cents, and says when a value is under a cent', () => {
    expect(formatUsd(1234.567)).toBe('$1,234.57')
    expect(formatUsd(0)).toBe('$0.00')
    expect(formatUsd(0.004)).toBe('<$0.01')
  })
})
