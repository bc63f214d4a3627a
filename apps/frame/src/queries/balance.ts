// Token balances of an address on a network (`GET /v1/account/{address}/balance`), SPEC §9: cached 30 s.

import { queryOptions } from '@tanstack/react-query'
import { BalanceResponse } from '@walletframe/protocol'
import type { Client } from '../data/client.js'

export const staleTimeMs = 30_000

export function balances(client: Pick<Client, 'get'>, address: string, caipNetworkId: string) {
  return queryOptions({
    queryKey: ['balance', caipNetworkId, address] as const,
    queryFn: ({ signal }) =>
      client.get(`v1/account/${encodeURIComponent(address)}/balance`, {
        query: { currency: 'usd', chainId: caipNetworkId },
        schema: BalanceResponse,
        signal,
      }),
    staleTime: staleTimeMs,
    gcTime: 24 * 60 * 60_000,
    meta: { persist: true },
  })
}
