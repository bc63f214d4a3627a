// The swap calls (/v1/convert/*): the tokens a network swaps, a quote, the allowance the swap
// router has, and the approval and swap transactions to send. Tokens are CAIP-10 ids; the native
// currency is the 0xeeee…eeee pseudo-address (nativeTokenAddress), as in price requests. Amounts are
// integers in the token's smallest unit, as decimal text. gas-price is in gas.ts.
import { CaipAddress, CaipNetworkId } from '../caip.js'
import * as z from '../internal/zod.js'
import { ProjectId, SdkQuery, text } from './common.js'

/** The provider fee, a share of the swap's input (0.85%). */
export const swapProviderFee = 0.0085
/** The gas units a swap is priced at before its transaction exists. */
export const swapGasEstimate = 150_000
/** The slippage tolerance, in percent. */
export const swapSlippage = 1
/** The largest slippage the API builds a transaction with, in percent. */
export const maxSwapSlippage = 50

const maxUint256 = 2n ** 256n - 1n

const digits = /^\d+$/

/** An unsigned 256-bit integer as decimal text (an amount, an allowance, wei). */
export const Uint256Text = text({ min: 1, max: 78 }).check(
  z.regex(digits, 'a non-negative integer as decimal text'),
  // Checks run on after a failed one: the refinement must not BigInt() what is not digits.
  z.refine((value) => !digits.test(value) || BigInt(value) <= maxUint256, 'at most 2^256 - 1'),
)

/** An amount to swap: a positive integer in the source token's smallest unit, greater than 0. */
export const SwapAmount = Uint256Text.check(
  z.refine((value) => !digits.test(value) || BigInt(value) > 0n, 'greater than 0'),
)

export const ConvertTokensQuery = z.extend(SdkQuery, { chainId: CaipNetworkId })
export type ConvertTokensQuery = z.infer<typeof ConvertTokensQuery>

export const ConvertToken = z.object({
  name: z.string(),
  symbol: z.string(),
  /** CAIP-10 id; the native currency's is `{chainId}:0xeeee…eeee`. */
  address: CaipAddress,
  decimals: z.int(),
  logoUri: z.string(),
})
export type ConvertToken = z.infer<typeof ConvertToken>

/** The tokens of the network that can be swapped, sorted by symbol. */
export const ConvertTokensResponse = z.object({ tokens: z.array(ConvertToken) })
export type ConvertTokensResponse = z.infer<typeof ConvertTokensResponse>

/** The pair and the account of a swap call: both tokens and the user on one network. */
const SwapParties = {
  /** The account that swaps, CAIP-10 on the tokens' network. */
  userAddress: CaipAddress,
  /** The token paid in (CAIP-10). */
  from: CaipAddress,
  /** The token paid out (CAIP-10). */
  to: CaipAddress,
}

export const ConvertQuotesQuery = z.extend(SdkQuery, {
  ...SwapParties,
  amount: SwapAmount,
  /** Wei per gas the caller prices the swap at; the quote then states the network fee. */
  gasPrice: z.optional(Uint256Text),
})
export type ConvertQuotesQuery = z.infer<typeof ConvertQuotesQuery>

export const ConvertQuote = z.object({
  /** The input, in the source token's smallest unit (what the caller asked for). */
  fromAmount: z.string(),
  fromAccount: CaipAddress,
  /** What the swap pays out, in the target token's smallest unit, after the provider fee. */
  toAmount: z.string(),
  toAccount: CaipAddress,
  /** The provider fee kept from the input (0.85%), in the source token's smallest unit. */
  providerFee: z.string(),
  /** The pool path, as token contract addresses (the wrapped native token stands for the native one). */
  path: z.array(z.string()),
  /** The network fee at the caller's gas price for swapGasEstimate units, in wei; with gasPrice only. */
  networkFee: z.optional(z.string()),
})
export type ConvertQuote = z.infer<typeof ConvertQuote>

/** The frame uses quotes[0]. */
export const ConvertQuotesResponse = z.object({ quotes: z.array(ConvertQuote) })
export type ConvertQuotesResponse = z.infer<typeof ConvertQuotesResponse>

export const ConvertAllowanceQuery = z.extend(SdkQuery, {
  /** The token (CAIP-10) whose allowance to the swap router is asked for. */
  tokenAddress: CaipAddress,
  userAddress: CaipAddress,
})
export type ConvertAllowanceQuery = z.infer<typeof ConvertAllowanceQuery>

/** What the swap router may spend of the user's token, in its smallest unit (2^256 - 1 for native). */
export const ConvertAllowanceResponse = z.object({ allowance: z.string() })
export type ConvertAllowanceResponse = z.infer<typeof ConvertAllowanceResponse>

export const ConvertBuildApproveQuery = z.extend(SdkQuery, {
  ...SwapParties,
  /** The allowance to grant, in the source token's smallest unit; unlimited when absent. */
  amount: z.optional(SwapAmount),
})
export type ConvertBuildApproveQuery = z.infer<typeof ConvertBuildApproveQuery>

export const ConvertBuildTransactionRequest = z.object({
  projectId: ProjectId,
  ...SwapParties,
  amount: SwapAmount,
  eip155: z.object({
    /** Percent the payout may fall short of the quote (1 by default). */
    slippage: z.number().check(z.minimum(0), z.maximum(maxSwapSlippage)),
  }),
})
export type ConvertBuildTransactionRequest = z.infer<typeof ConvertBuildTransactionRequest>

/** A transaction for the wallet's eth_sendTransaction; value, gas and gasPrice are decimal text. */
export const ConvertTransaction = z.object({
  from: z.string(),
  to: z.string(),
  data: z.string().check(z.regex(/^0x([0-9a-fA-F]{2})*$/, 'hex calldata')),
  /** Wei sent along (the input of a native swap). */
  value: z.string(),
  eip155: z.object({ gas: z.string(), gasPrice: z.string() }),
})
export type ConvertTransaction = z.infer<typeof ConvertTransaction>

export const ConvertTransactionResponse = z.object({ tx: ConvertTransaction })
export type ConvertTransactionResponse = z.infer<typeof ConvertTransactionResponse>
