// ERC-7811, the wallet's asset discovery: the one parameter of wallet_getAssets (the account and its
// optional filters) and the answer's shape, an account's assets per chain with hex base-unit balances.

import { tuple } from './internal/tuple.js'
import * as z from './internal/zod.js'

/** The most chains a filter may name; more chains than any host enables, and a bound on the API reads one request costs. */
export const maxAssetChains = 50
/** The most assets one chain of `assetFilter` may name. */
export const maxAssetsPerChain = 100

/** What the request says when its one parameter, the object with `account`, is missing. */
export const getAssetsNeedsAccount =
  'wallet_getAssets needs one parameter: { account, assetFilter?, assetTypeFilter?, chainFilter? }'

const ChainIdHex = z.string().check(z.regex(/^0x[0-9a-fA-F]+$/, 'Expected a chain id in hex (0x…)'))

/** An asset's kind: a chain's native currency or an ERC-20 token (the kinds the embedded wallet holds). */
export const AssetType = z.string().check(z.minLength(1), z.maxLength(64))

/** An asset's address: `native` for the chain's own currency, else its contract. */
export const AssetAddress = z.union([
  z.literal('native'),
  z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'An asset address is "native" or a 0x contract address')),
])

export const GetAssetsRequest = z.object({
  account: z
    .string('"account" must be an address')
    .check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'Invalid "account" address')),
  /** Per chain, the only assets to answer for. */
  assetFilter: z.optional(
    z
      .record(
        ChainIdHex,
        z.array(z.object({ address: AssetAddress, type: AssetType })).check(z.maxLength(maxAssetsPerChain)),
      )
      .check(
        z.refine(
          (filter) => Object.keys(filter).length <= maxAssetChains,
          `"assetFilter" names more than ${maxAssetChains} chains`,
        ),
      ),
  ),
  /** The only kinds of asset to answer for. */
  assetTypeFilter: z.optional(z.array(AssetType).check(z.maxLength(16))),
  /** The only chains to answer for. */
  chainFilter: z.optional(z.array(ChainIdHex).check(z.maxLength(maxAssetChains))),
})
export type GetAssetsRequest = z.infer<typeof GetAssetsRequest>

export const GetAssetsParams = tuple([GetAssetsRequest], getAssetsNeedsAccount)

/** One asset of the answer; `balance` in the asset's base units, as hex. */
export const Asset = z.object({
  address: AssetAddress,
  balance: z.string(),
  type: z.enum(['native', 'erc20']),
  metadata: z.object({ decimals: z.int(), name: z.string(), symbol: z.string() }),
})
export type Asset = z.infer<typeof Asset>

/** The answer: the account's assets keyed by hex chain id. */
export const GetAssetsResult = z.record(z.string(), z.array(Asset))
export type GetAssetsResult = z.infer<typeof GetAssetsResult>
