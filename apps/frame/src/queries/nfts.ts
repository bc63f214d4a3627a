// The NFTs tab: GET /v1/account/{address}/nfts for the active network, the ERC-721 tokens the address
// holds with name and image (the API leaves spam collections out). Only EVM networks have them: any
// other is skipped with an empty result. Stale after 30 s like the portfolio.
import { queryOptions } from '@tanstack/react-query'
import { type ChainNetwork, type Nft, NftResponse } from '@walletframe/protocol'
import type { Client } from '../data/client.js'

export const staleTimeMs = 30_000

export function nfts(
  api: Pick<Client, 'get'> | undefined,
  network: Pick<ChainNetwork, 'caipNetworkId' | 'chainNamespace'>,
  address: string,
) {
  return queryOptions({
    queryKey: ['nfts', network.caipNetworkId, address] as const,
    queryFn: async ({ signal }): Promise<Nft[]> => {
      if (!api || network.chainNamespace !== 'eip155') return []
      const answer = await api.get(`v1/account/${encodeURIComponent(address)}/nfts`, {
        query: { chainId: network.caipNetworkId },
        schema: NftResponse,
        signal,
      })
      return answer.nfts
    },
    staleTime: staleTimeMs,
  })
}
