// GET /v1/account/{address}/balance and POST /v1/fungible/price: token balances
// with their USD value, and token prices.
import { CaipAddress, CaipNetworkId } from '../caip.js'
import * as z from '../internal/zod.js'
import { ProjectId, QueryFlag, SdkQuery } from './common.js'

export const Currency = z.enum(['usd'])

export const BalanceQuery = z.extend(SdkQuery, {
  currency: z._default(Currency, 'usd'),
  /** CAIP-2 network to read; every configured network with a balance reader when absent. */
  chainId: z.optional(CaipNetworkId),
  /** Skip the 30 s cache and read the chain now. */
  forceUpdate: z.optional(QueryFlag),
})
export type BalanceQuery = z.infer<typeof BalanceQuery>

/** One token balance. `address` is the CAIP-10 id of the token contract / mint; absent for native. */
export const TokenBalance = z.object({
  name: z.string(),
  symbol: z.string(),
  chainId: CaipNetworkId,
  address: z.optional(CaipAddress),
  /** Value in `currency` (USD). */
  value: z.number(),
  /** Unit price in `currency` (USD). */
  price: z.number(),
  quantity: z.object({
    /** Token decimals as text. */
    decimals: z.string(),
    /** Human amount as a decimal string (no rounding). */
    numeric: z.string(),
  }),
  iconUrl: z.string(),
})
export type TokenBalance = z.infer<typeof TokenBalance>

export const BalanceResponse = z.object({
  balances: z.array(TokenBalance),
  /** Networks whose RPC could not be read this time (their balances are missing from the list). */
  unavailable: z.optional(z.array(CaipNetworkId)),
})
export type BalanceResponse = z.infer<typeof BalanceResponse>

export const FungiblePriceRequest = z.object({
  currency: Currency,
  /** CAIP-10 ids of tokens. Native: `eip155:1:0xeeee…eeee` or the Solana wrapped-SOL mint. */
  addresses: z.array(CaipAddress).check(z.minLength(1), z.maxLength(100)),
  projectId: ProjectId,
})
export type FungiblePriceRequest = z.infer<typeof FungiblePriceRequest>

export const FungiblePrice = z.object({
  /** The CAIP-10 id that was asked for. */
  address: CaipAddress,
  name: z.string(),
  symbol: z.string(),
  iconUrl: z.string(),
  price: z.number(),
  decimals: z.int(),
})
export type FungiblePrice = z.infer<typeof FungiblePrice>

/** Unknown addresses are left out rather than failing the whole request. */
export const FungiblePriceResponse = z.object({ fungibles: z.array(FungiblePrice) })
export type FungiblePriceResponse = z.infer<typeof FungiblePriceResponse>

/** The pseudo-address that stands for an EVM chain's native currency in price requests. */
export const nativeTokenAddress = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
/** The wrapped-SOL mint, which stands for SOL in price requests. */
export const solanaNativeMint = 'So11111111111111111111111111111111111111112'
