import { describe, expect, it } from 'vitest'
import { formatPercent, priceImpact, shownToAmount, swapGasFee, swappedMessage } from './swapMath.js'

describe('swapGasFee', () => {
  it('prices a swap at a fixed 150000 gas units', () => {
    expect(swapGasFee(2_000_000_000n)).toBe(300_000_000_000_000n)
  })
})

describe('priceImpact', () => {
  it('is the share of the input’s USD value the output does not give back', () => {
    const share = priceImpact({ sourceAmount: 1, sourcePriceInUSD: 3000, toAmount: 2940, toPriceInUSD: 1 })
    expect(share).toBeCloseTo(0.02, 10)
    expect(formatPercent(share)).toBe('2.00%')
  })

  it('is 0 when a price is unknown', () => {
    expect(priceImpact({ sourceAmount: 1, sourcePriceInUSD: 0, toAmount: 5, toPriceInUSD: 1 })).toBe(0)
    expect(priceImpact({ sourceAmount: 1, sourcePriceInUSD: 3, toAmount: 5, toPriceInUSD: 0 })).toBe(0)
  })
})

describe('shownToAmount', () => {
  it('cuts the to-amount to 6 decimals without rounding up', () => {
    expect(shownToAmount(2_941_234_567_891_234_567n, 18)).toBe('2.941234')
    expect(shownToAmount(1_500_000n, 6)).toBe('1.5')
  })
})

describe('swappedMessage', () => {
  it('shows the to-amount with 3 decimals', () => {
    expect(
      swappedMessage({
        sourceAmount: '1',
        sourceSymbol: 'ETH',
        toUnits: 2_941_987_654n,
        toDecimals: 6,
        toSymbol: 'USDC',
      }),
    ).toBe('Swapped 1 ETH for 2941.987 USDC')
  })
})
