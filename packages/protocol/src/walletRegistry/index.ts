// The wallet registry: wallets a user can connect with WalletConnect (deep links, universal links,
// the chains they support), as the repo's seed file stores them and `GET /v1/wallets` serves them.
import { z } from 'zod'
import { CaipNetworkId } from '../caip.js'

export const RegistryWallet = z.object({
  /** Stable id (the WalletConnect explorer id when the wallet is listed there). */
  id: z.string().min(1),
  name: z.string().min(1),
  /** EIP-6963 reverse-DNS id of the wallet's browser extension, when it has one. */
  rdns: z.string().min(1).optional(),
  /** Image URL or `data:image/svg+xml,…` monogram. */
  imageUrl: z.string().min(1),
  /** Native app scheme (`metamask://`): opened with `wc?uri=` appended. */
  mobileLink: z.string().min(1).optional(),
  /** Universal link (`https://metamask.app.link`): preferred over the scheme when both exist. */
  universalLink: z.url().optional(),
  /** Download page shown when the app is not installed. */
  homepage: z.url().optional(),
  /** CAIP-2 chains the wallet supports. */
  chains: z.array(CaipNetworkId).default([]),
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
  page: z.coerce.number().int().min(1).default(1),
  entries: z.coerce.number().int().min(1).max(maxEntries).default(40),
  search: z.string().trim().max(64).optional(),
})
export type WalletsQuery = z.infer<typeof WalletsQuery>

export const WalletsResponse = z.object({
  /** Wallets matching the search, over all pages. */
  count: z.number().int().nonnegative(),
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
