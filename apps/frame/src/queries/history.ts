// The Activity tab: GET /v1/account/{account}/history for the active network, page by page (the
// API's `next` cursor), newest first.
import { infiniteQueryOptions } from '@tanstack/react-query'
import { HistoryResponse } from '@walletframe/protocol'
import type { Client } from '../data/client.js'

export const pageSize = 20

export function history(api: Pick<Client, 'get'> | undefined, caipNetworkId: string, address: string) {
  return infiniteQueryOptions({
    queryKey: ['history', caipNetworkId, address] as const,
    queryFn: async ({ pageParam, signal }): Promise<HistoryResponse> => {
      if (!api) return { data: [], next: null }
      return api.get(`v1/account/${encodeURIComponent(address)}/history`, {
        query: { chainId: caipNetworkId, limit: pageSize, cursor: pageParam },
        schema: HistoryResponse,
        signal,
      })
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
    // New transactions arrive as the indexer stores them; a tab opened again asks again.
    staleTime: 10_000,
  })
}
