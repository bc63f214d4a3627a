// The wallet list for AllWallets and the Connect view: from the API's `GET /v1/wallets` when the
// frame has an API, else from the registry file bundled with the frame (loaded on first use).

import { type QueryClient, queryOptions } from '@tanstack/react-query'
import {
  type RegistryWallet,
  select,
  WalletRegistryFile,
  type WalletsQuery,
  WalletsResponse,
} from '@walletframe/protocol/walletRegistry'
import type { Client } from '../data/client.js'

export type Source = {
  list(query: WalletsQuery): Promise<WalletsResponse>
  /** Where a wallet's logo is: the API's image route (cached there), none without an API. */
  logoUrl(wallet: Pick<RegistryWallet, 'id'>): string | undefined
}

/** Where the list comes from: the API when the frame has one, else the bundled file. */
export function source(client: Pick<Client, 'get' | 'href'> | undefined): Source {
  if (client)
    return {
      logoUrl: (wallet) => client.href(`v1/wallets/${encodeURIComponent(wallet.id)}/logo`),
      list: (query) =>
        client.get('v1/wallets', {
          query: { page: query.page, entries: query.entries, search: query.search },
          schema: WalletsResponse,
        }),
    }
  let bundled: Promise<RegistryWallet[]> | undefined
  return {
    logoUrl: () => undefined,
    async list(query) {
      bundled ??= import('@walletframe/protocol/walletRegistry/registry.json').then(
        (module) => WalletRegistryFile.parse(module.default).wallets,
      )
      return select(await bundled, query)
    },
  }
}

/** The list changes when an operator refreshes the registry: an hour is fresh enough. */
export const staleTimeMs = 60 * 60_000

export function list(registry: Source, query: WalletsQuery) {
  return queryOptions({
    queryKey: ['wallets', query] as const,
    queryFn: () => registry.list(query),
    staleTime: staleTimeMs,
  })
}

/** A wallet seen in any loaded list, by the name its app reports (to recognise a session's wallet). */
export function findByName(
  client: Pick<QueryClient, 'getQueriesData'>,
  name: string,
): RegistryWallet | undefined {
  const needle = name.toLowerCase()
  for (const [, data] of client.getQueriesData<WalletsResponse>({ queryKey: ['wallets'] }))
    for (const wallet of data?.data ?? []) if (wallet.name.toLowerCase() === needle) return wallet
  return undefined
}
