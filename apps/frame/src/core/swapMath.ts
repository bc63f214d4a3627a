// The swap form's numbers: price impact from USD prices, the network fee of a swap before its
// transaction exists (a fixed estimate of 150000 gas units), and amounts as shown (the to-amount
// to 6 decimals, 3 in messages). Pure and exact where it can be (amounts as bigint).
import { swapGasEstimate } from '@walletframe/protocol'
import { truncateUnits } from '../lib/format.js'

/** The to-amount is shown to 6 decimals, and to 3 in messages. */
export const toAmountDigits = 6
export const messageDigits = 3

/** The network fee of a swap in wei: 150000 gas units (`swapGasEstimate`) at `gasPrice` wei per gas. */
export function swapGasFee(gasPrice: bigint): bigint {
  return BigInt(swapGasEstimate) * gasPrice
}

/**
 * How much less the output is worth than the input, in USD, as a share of the input (0.01 = 1%):
 * pool fees, the provider fee and the pool's depth together. 0 when either price is unknown.
 */
export function priceImpact(input: {
  sourceAmount: number
  sourcePriceInUSD: number
  toAmount: number
  toPriceInUSD: number
}): number {
  const inputValue = input.sourceAmount * input.sourcePriceInUSD
  const outputValue = input.toAmount * input.toPriceInUSD
  if (!(inputValue > 0) || !(input.toPriceInUSD > 0)) return 0
  return (inputValue - outputValue) / inputValue
}

/** A share as a percentage with two decimals: 0.01234 -> "1.23%". */
export function formatPercent(share: number): string {
  return `${(share * 100).toFixed(2)}%`
}

/** `units` of a token with `decimals` as a number (for USD arithmetic only, never for amounts sent). */
export function toNumber(units: bigint, decimals: number): number {
  return Number(units) / 10 ** decimals
}

/** The to-amount as the form shows it (6 decimals, cut). */
export function shownToAmount(units: bigint, decimals: number): string {
  return truncateUnits(units, decimals, toAmountDigits)
}

/** The success toast: the to-amount in 3 decimals. */
export function swappedMessage(input: {
  sourceAmount: string
  sourceSymbol: string
  toUnits: bigint
  toDecimals: number
  toSymbol: string
}): string {
  const to = truncateUnits(input.toUnits, input.toDecimals, messageDigits)
  return `Swapped ${input.sourceAmount} ${input.sourceSymbol} for ${to} ${input.toSymbol}`
}
