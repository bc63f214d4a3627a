// One viem public client per EVM network and JSON-RPC endpoint, shared by all that reads from it (the
// chain family; the embedded wallet's reads, raw sends and smart account). It carries the network as
// its chain, which a smart account's UserOperations need. No retries here: the caller (a query, a
// confirmation) decides whether to ask again.
import type { ChainNetwork } from '@walletframe/protocol'
import { createPublicClient, defineChain, http, type PublicClient } from 'viem'

/** What a client needs of its network. */
export type Network = Pick<ChainNetwork, 'id' | 'name' | 'nativeCurrency' | 'rpcUrls'>

const clients = new Map<string, PublicClient>()

/** The public client of `network`'s default endpoint (the API's proxy unless the host gave another). */
export function publicClient(network: Network): PublicClient {
  const url = network.rpcUrls.default.http[0] as string
  const key = `${network.id} ${url}`
  let found = clients.get(key)
  if (!found) {
    const chain = defineChain({
      id: Number(network.id),
      name: network.name,
      nativeCurrency: network.nativeCurrency,
      rpcUrls: { default: { http: [url] } },
    })
    found = createPublicClient({
      chain,
      transport: http(url, { retryCount: 0, timeout: 15_000 }),
    }) as PublicClient
    clients.set(key, found)
  }
  return found
}
