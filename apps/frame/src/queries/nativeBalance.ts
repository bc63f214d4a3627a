// The native balance of the connected address on the active network (Account header), read from
// the chain itself. Cached 30 s; persisted where the frame has storage.

import { queryOptions } from '@tanstack/react-query'
import type { ChainNetwork } from '@walletframe/protocol'
import { load } from '../chains/load.js'

export const staleTimeMs = 30_000

export function nativeBalance(network: ChainNetwork, address: string) {
  return queryOptions({
    queryKey: ['nativeBalance', network.caipNetworkId, address] as const,
    // Text, not bigint: the persisted cache is JSON.
    queryFn: async () => {
      const chain = await load(network.chainNamespace)
      return chain ? String(await chain.nativeBalance(network, address)) : null
    },
    staleTime: staleTimeMs,
    gcTime: 24 * 60 * 60_000,
    meta: { persist: true },
  })
}
