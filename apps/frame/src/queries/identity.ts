// The profile name and avatar of an EVM address (Account header): GET /v1/identity/{address}.
// Cached 5 min, like ENS names; persisted where the frame has storage.
import { queryOptions } from '@tanstack/react-query'
import { IdentityResponse } from '@walletframe/protocol'
import type { Client } from '../data/client.js'

export const staleTimeMs = 5 * 60_000

export function identity(api: Pick<Client, 'get'> | undefined, address: string, sender?: string) {
  return queryOptions({
    queryKey: ['identity', address.toLowerCase()] as const,
    queryFn: async ({ signal }): Promise<IdentityResponse> => {
      // Without an API there is no name service: the header shows the address alone.
      if (!api) return { name: null, avatar: null }
      return api.get(`v1/identity/${encodeURIComponent(address)}`, {
        query: { sender },
        schema: IdentityResponse,
        signal,
      })
    },
    staleTime: staleTimeMs,
    gcTime: 24 * 60 * 60_000,
    meta: { persist: true },
  })
}
