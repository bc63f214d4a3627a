// The name and avatar of an address (`GET /v1/identity/{address}`), SPEC §9: cached 5 minutes.

import { queryOptions } from '@tanstack/react-query'
import { IdentityResponse } from '@walletframe/protocol'
import type { Client } from '../data/client.js'

export const staleTimeMs = 5 * 60_000

export function identity(client: Pick<Client, 'get'>, address: string) {
  return queryOptions({
    queryKey: ['identity', address.toLowerCase()] as const,
    queryFn: ({ signal }) =>
      client.get(`v1/identity/${encodeURIComponent(address)}`, {
        query: { sender: address },
        schema: IdentityResponse,
        signal,
      }),
    staleTime: staleTimeMs,
    gcTime: 24 * 60 * 60_000,
    meta: { persist: true },
  })
}
