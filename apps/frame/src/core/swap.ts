// The swap: its form (the only state the frame keeps of it: the account it is for, the two tokens,
// the amount as typed, the slippage) and the rules that turn what the API answered into what the
// form shows. The answers themselves (tokens, prices, gas price, quote, allowance, built
// transactions) are server state, held by the query cache (queries/swap.ts).
import {
  type AccountEntry,
  type CaipAddress,
  type CaipNetworkId,
  type ConvertQuote,
  type ConvertQuotesQuery,
  type ConvertToken,
  type ConvertTransaction,
  nativeTokenAddress,
  parseAddress,
  swapSlippage,
  type TokenBalance,
} from '@walletframe/protocol'
import { truncateUnits } from '../lib/format.js'
import * as Store from '../lib/store.js'
import type { Market, SdkOmitted } from '../queries/swap.js'
import type * as Connection from './connection.js'
import { isInsufficientGas, parseAmount, toUsd, unitsOf } from './sendValidation.js'
import { priceImpact, shownToAmount, swapGasFee, toNumber } from './swapMath.js'
import { swapMessages } from './swapMessages.js'

export type SwapForm = {
  /** The network and account the form is for; another one starts a new form. */
  readonly source: { readonly network: CaipNetworkId; readonly address: string } | undefined
  readonly sourceToken: ConvertToken | undefined
  readonly toToken: ConvertToken | undefined
  /** As typed, in whole tokens. */
  readonly sourceTokenAmount: string
  /** Percent: the most the swap may pay out less than quoted (1 by default). */
  readonly slippage: number
}

export const initial: SwapForm = {
  source: undefined,
  sourceToken: undefined,
  toToken: undefined,
  sourceTokenAmount: '',
  slippage: swapSlippage,
}

export function create(): Store.Store<SwapForm> {
  return Store.create(initial)
}
export type SwapStore = Store.Store<SwapForm>

/** Where a swap goes from: the active network and the connected account on it. */
export type Source = Connection.ActiveAccount

/** A transaction the API built, ready for the wallet. */
export type SwapTransaction = {
  readonly data: `0x${string}`
  readonly to: string
  readonly gas: bigint
  readonly gasPrice: bigint
  readonly value: bigint
}

export function isNative(token: Pick<ConvertToken, 'address'>): boolean {
  return parseAddress(token.address).address.toLowerCase() === nativeTokenAddress
}

/** The balance of `token` in its smallest unit (0 when the account holds none). */
export function balanceOf(balances: readonly TokenBalance[], token: ConvertToken): bigint {
  const native = isNative(token)
  const found = balances.find((balance) =>
    native ? balance.address === undefined : balance.address?.toLowerCase() === token.address.toLowerCase(),
  )
  return found ? unitsOf(found.quantity.numeric, token.decimals) : 0n
}

export const priceOf = (prices: Market['prices'], token: ConvertToken | undefined): number =>
  token ? (prices[token.address.toLowerCase()] ?? 0) : 0

/** The native currency's USD price (0 when unknown: "Failed to fetch network token price"). */
export function networkPriceOf(market: Pick<Market, 'tokens' | 'prices'>): number {
  return priceOf(market.prices, market.tokens.find(isNative))
}

/** The account as the convert calls name it (CAIP-10). */
export const userAddress = (from: Source): CaipAddress => `${from.network.caipNetworkId}:${from.address}`

export const sameSource = (form: SwapForm, from: Source): boolean =>
  form.source?.network === from.network.caipNetworkId && form.source.address === from.address

/**
 * The form's tokens among the network's: a token no longer listed is dropped, and the token paid in
 * is the native currency until one is chosen.
 */
export function withTokens(form: SwapForm, tokens: readonly ConvertToken[]): SwapForm {
  const listed = (token: ConvertToken | undefined) =>
    token && tokens.find((candidate) => candidate.address === token.address)
  return {
    ...form,
    sourceToken: listed(form.sourceToken) ?? tokens.find(isNative),
    toToken: listed(form.toToken),
  }
}

/** What the form asks of the API next, or why it asks nothing. */
export type Quoting =
  /** Nothing to quote yet: a token is missing, or the amount is empty, half-typed or 0 (no error shown). */
  | { readonly status: 'idle' }
  /** More than the balance: "Insufficient balance" without asking for a quote. */
  | { readonly status: 'invalid'; readonly inputError: string }
  | {
      readonly status: 'quote'
      readonly sourceToken: ConvertToken
      readonly toToken: ConvertToken
      /** In the source token's smallest unit. */
      readonly amount: bigint
      readonly query: SdkOmitted<ConvertQuotesQuery>
    }

/** The quote the form needs for `amount` (the amount once typing has paused), or why it needs none. */
export function quoting(input: {
  form: SwapForm
  from: Source
  market: Market
  balances: readonly TokenBalance[]
  amount: string
}): Quoting {
  const { sourceToken, toToken } = input.form
  if (!sourceToken || !toToken || input.amount.trim() === '') return { status: 'idle' }
  const amount = parseAmount(input.amount, sourceToken.decimals)
  // Not an amount above 0: nothing to quote yet, and no error for a half-typed number.
  if (!amount.ok) return { status: 'idle' }
  if (amount.value > balanceOf(input.balances, sourceToken))
    return { status: 'invalid', inputError: swapMessages.insufficientBalance }
  return {
    status: 'quote',
    sourceToken,
    toToken,
    amount: amount.value,
    query: {
      amount: String(amount.value),
      userAddress: userAddress(input.from),
      from: sourceToken.address,
      to: toToken.address,
      gasPrice: input.market.gasPrice,
    },
  }
}

/** What a quote shows: the amounts, the fees, the price impact, and why the swap cannot go ahead. */
export type Quoted = {
  /** What the swap pays out, to 6 decimals. */
  readonly toTokenAmount: string
  /** ...and in the smallest unit, for the success message. */
  readonly toTokenUnits: bigint
  /** The least the swap may pay out at the form's slippage, in whole tokens. */
  readonly maxSlippage: string
  /** What the swap router keeps (0.85%), in whole source tokens. */
  readonly providerFee: string
  /** Share of the input's value the output does not give back (0.01 = 1%). */
  readonly priceImpact: number
  /** The network fee in wei, at the network's gas estimate for a swap. */
  readonly gasFee: bigint
  readonly gasPriceInUSD: number
  /** "Insufficient balance" when the native balance cannot pay the gas. */
  readonly inputError: string | undefined
}

/**
 * The quote as the form shows it; "Insufficient balance" when the quote failed or pays out nothing
 * (no route for the amount), or when the native balance in USD is 0 or below the fee in USD (never
 * for a smart account) — paying in the native currency, the amount comes out of the same balance.
 */
export function quoted(input: {
  quoting: Extract<Quoting, { status: 'quote' }>
  /** The quote; undefined when it failed or the API had none. */
  quote: ConvertQuote | undefined
  from: Source
  form: SwapForm
  market: Market
  balances: readonly TokenBalance[]
  accountType: AccountEntry['type'] | undefined
}): Quoted | { readonly inputError: string } {
  const { quoting: step, quote, market } = input
  if (!quote?.toAmount) return { inputError: swapMessages.insufficientBalance }
  const { sourceToken, toToken, amount } = step
  const toUnits = BigInt(quote.toAmount)
  const gasFee = swapGasFee(BigInt(market.gasPrice))
  const nativeDecimals = input.from.network.nativeCurrency.decimals
  const native = market.tokens.find(isNative)
  const nativeBalance = native ? balanceOf(input.balances, native) : 0n
  const networkPrice = networkPriceOf(market)
  const gasPriceInUSD = toUsd(gasFee, nativeDecimals, networkPrice)
  const outOfGas =
    input.accountType !== 'smartAccount' &&
    (isInsufficientGas({
      networkBalanceInUSD: toUsd(nativeBalance, nativeDecimals, networkPrice),
      gasPriceInUSD,
      accountType: input.accountType,
    }) ||
      nativeBalance < gasFee + (isNative(sourceToken) ? amount : 0n))
  const minimum = (toUnits * BigInt(Math.round((100 - input.form.slippage) * 100))) / 10_000n
  return {
    toTokenAmount: shownToAmount(toUnits, toToken.decimals),
    toTokenUnits: toUnits,
    maxSlippage: truncateUnits(minimum, toToken.decimals, 6),
    providerFee: truncateUnits(BigInt(quote.providerFee), sourceToken.decimals, sourceToken.decimals),
    priceImpact: priceImpact({
      sourceAmount: toNumber(amount, sourceToken.decimals),
      sourcePriceInUSD: priceOf(market.prices, sourceToken),
      toAmount: toNumber(toUnits, toToken.decimals),
      toPriceInUSD: priceOf(market.prices, toToken),
    }),
    gasFee,
    gasPriceInUSD,
    inputError: outOfGas ? swapMessages.insufficientBalance : undefined,
  }
}

/**
 * What the wallet is asked to send once the quote holds: the native currency needs no allowance;
 * a token needs an approval first unless its allowance is at least the amount. Undefined while the
 * allowance is not known.
 */
export function nextTransaction(
  sourceToken: ConvertToken,
  amount: bigint,
  /** The allowance in the token's smallest unit, as the API answers it (text). */
  allowance: string | undefined,
): 'approve' | 'swap' | undefined {
  if (isNative(sourceToken)) return 'swap'
  if (allowance === undefined) return undefined
  return BigInt(allowance) >= amount ? 'swap' : 'approve'
}

export function toTransaction(tx: ConvertTransaction): SwapTransaction {
  return {
    data: tx.data as `0x${string}`,
    to: tx.to,
    gas: BigInt(tx.eip155.gas),
    gasPrice: BigInt(tx.eip155.gasPrice),
    value: BigInt(tx.value),
  }
}
