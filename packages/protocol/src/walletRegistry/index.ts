// The wallet registry: wallets a user can connect with WalletConnect (deep links, universal links,
// the chains they support), as the repo's seed file stores them and `GET /v1/wallets` serves them.
import { CaipNetworkId } from '../caip.js'
import * as z from '../internal/zod.js'

export const RegistryWallet = z.object({
  /** Stable id (the WalletConnect explorer id when the wallet is listed there). */
  id: z.string().check(z.minLength(1)),
  name: z.string().check(z.minLength(1)),
  /** EIP-6963 reverse-DNS id of the wallet's browser extension, when it has one. */
  rdns: z.optional(z.string().check(z.minLength(1))),
  /** Image URL or `data:image/svg+xml,…` monogram. */
  imageUrl: z.string().check(z.minLength(1)),
  /** Native app scheme (`metamask://`): opened with `wc?uri=` appended. */
  mobileLink: z.optional(z.string().check(z.minLength(1))),
  /** Universal link (`https://metamask.app.link`): preferred over the scheme when both exist. */
  universalLink: z.optional(z.url()),
  /** Download page shown when the app is not installed. */
  homepage: z.optional(z.url()),
  /** CAIP-2 chains the wallet supports. */
  chains: z._default(z.array(CaipNetworkId), []),
})
export type RegistryWallet = z.infer<typeof RegistryWallet>

/** The seed file `registry.json` beside this module (served by the API, bundled by the frame). */
export const WalletRegistryFile = z.object({
  version: z.literal(1),
  /** ISO date of the last refresh from the WalletConnect explorer. */
  updatedAt: z.string(),
  wallets: z.array(RegistryWallet),
})
export type WalletRegistryFile = z.infer<typeof WalletRegistryFile>

export const maxEntries = 100

/** `GET /v1/wallets?page&entries&search`: 1-based page, page size, case-insensitive name search. */
export const WalletsQuery = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 1),
  entries: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(maxEntries)), 40),
  search: z.optional(z.string().check(z.trim(), z.maxLength(64))),
})
export type WalletsQuery = z.infer<typeof WalletsQuery>

export const WalletsResponse = z.object({
  /** Wallets matching the search, over all pages. */
  count: z.int().check(z.nonnegative()),
  data: z.array(RegistryWallet),
})
export type WalletsResponse = z.infer<typeof WalletsResponse>

/** Wallets whose name contains `search` (case-insensitive), then the requested page of them. */
export function select(wallets: readonly RegistryWallet[], query: WalletsQuery): WalletsResponse {
  const needle = query.search?.toLowerCase()
  const matching = needle ? wallets.filter((wallet) => wallet.name.toLowerCase().includes(needle)) : wallets
  const start = (query.page - 1) * query.entries
  return { count: matching.length, data: matching.slice(start, start + query.entries) }
}
