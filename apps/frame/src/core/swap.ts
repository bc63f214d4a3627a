// The swap form (SPEC §3 swap state): the two tokens and amounts, their USD prices, the slippage, the
// network and provider fees, the price impact, why the swap cannot go ahead (inputError), and the
// approval or swap transaction the API built for it.
import type { CaipNetworkId, ConvertToken, TokenBalance } from '@walletframe/protocol'
import { swapSlippage } from '@walletframe/protocol'
import * as Store from '../lib/store.js'

/** A transaction the API built, ready for the wallet (SPEC §3: data, to, gas, gasPrice, value, toAmount). */
export type SwapTransaction = {
  readonly data: `0x${string}`
  readonly to: string
  readonly gas: bigint
  readonly gasPrice: bigint
  readonly value: bigint
  /** What the swap pays out as shown (6 decimals); empty for an approval. */
  readonly toAmount: string
}

export type SwapState = {
  /** The network and account the form is for; another one starts a new form. */
  readonly source: { readonly network: CaipNetworkId; readonly address: string } | undefined
  /** Where initialization stands: the token list, balances, prices and gas price. */
  readonly status: 'idle' | 'initializing' | 'ready' | 'failed'
  /** The network's swap tokens (GET /v1/convert/tokens), sorted by symbol. */
  readonly tokens: readonly ConvertToken[]
  readonly tokenBalances: readonly TokenBalance[]
  /** USD prices by token CAIP-10 id (the native currency's under 0xeeee…eeee). */
  readonly prices: Readonly<Record<string, number>>
  readonly sourceToken: ConvertToken | undefined
  readonly toToken: ConvertToken | undefined
  /** As typed, in whole tokens. */
  readonly sourceTokenAmount: string
  /** What the quote pays out, 6 decimals (SPEC §9). */
  readonly toTokenAmount: string
  /** ...and in the smallest unit, for the success message. */
  readonly toTokenUnits: bigint | undefined
  readonly sourceTokenPriceInUSD: number
  readonly toTokenPriceInUSD: number
  /** The native currency's USD price (SPEC §8 "Failed to fetch network token price" when unknown). */
  readonly networkPrice: number
  /** Percent (SPEC §9: 1). */
  readonly slippage: number
  /** The least the swap may pay out, in whole tokens, at `slippage`. */
  readonly maxSlippage: string | undefined
  /** Wei per gas the API quotes for the network. */
  readonly gasPrice: bigint | undefined
  /** The network fee of the swap in wei (SPEC §9: 150000 gas units at the gas price). */
  readonly gasFee: bigint | undefined
  readonly gasPriceInUSD: number | undefined
  /** Share of the input's value the output does not give back (0.01 = 1%). */
  readonly priceImpact: number | undefined
  /** The provider fee the swap router keeps (SPEC §9 0.85%), in whole source tokens. */
  readonly providerFee: string | undefined
  /** Why the swap cannot go ahead (SPEC §8 "Insufficient balance"). */
  readonly inputError: string | undefined
  readonly loadingQuote: boolean
  readonly loadingApprovalTransaction: boolean
  readonly loadingBuildTransaction: boolean
  /** A transaction is waiting for the wallet or the chain. */
  readonly loadingTransaction: boolean
  readonly approvalTransaction: SwapTransaction | undefined
  readonly swapTransaction: SwapTransaction | undefined
}

/** What a new amount or token pair clears: everything the quote and the transactions said. */
export const quoted = {
  toTokenAmount: '',
  toTokenUnits: undefined,
  maxSlippage: undefined,
  priceImpact: undefined,
  providerFee: undefined,
  inputError: undefined,
  loadingQuote: false,
  loadingApprovalTransaction: false,
  loadingBuildTransaction: false,
  approvalTransaction: undefined,
  swapTransaction: undefined,
} as const satisfies Partial<SwapState>

export const initial: SwapState = {
  source: undefined,
  status: 'idle',
  tokens: [],
  tokenBalances: [],
  prices: {},
  sourceToken: undefined,
  toToken: undefined,
  sourceTokenAmount: '',
  sourceTokenPriceInUSD: 0,
  toTokenPriceInUSD: 0,
  networkPrice: 0,
  slippage: swapSlippage,
  gasPrice: undefined,
  gasFee: undefined,
  gasPriceInUSD: undefined,
  loadingTransaction: false,
  ...quoted,
}

export function create(): Store.Store<SwapState> {
  return Store.create(initial)
}
export type SwapStore = Store.Store<SwapState>
