// One viem public client per JSON-RPC endpoint: reads, estimates and receipts of a network share its
// HTTP transport. No retries here: the caller (a query, a confirmation) decides whether to ask again.
import type { ChainNetwork } from '@walletframe/protocol'
import { createPublicClient, http, type PublicClient } from 'viem'

const clients = new Map<string, PublicClient>()

/** The public client of `network`'s default endpoint (the API's proxy unless the host gave another). */
export function publicClient(network: Pick<ChainNetwork, 'rpcUrls'>): PublicClient {
  const url = network.rpcUrls.default.http[0] as string
  let found = clients.get(url)
  if (!found) {
    found = createPublicClient({ transport: http(url, { retryCount: 0, timeout: 15_000 }) }) as PublicClient
    clients.set(url, found)
  }
  return found
}
