// The configured networks by CAIP-2 id, each with its upstream JSON-RPC client.
import type { ChainNetwork } from '@walletframe/protocol'
import * as Upstream from './Upstream.js'

export type Network = { network: ChainNetwork; upstream: Upstream.Upstream }
export type Networks = Map<string, Network>

export function fromConfig(
  networks: ChainNetwork[],
  options: { timeoutMs: number; fetch?: typeof fetch },
): Networks {
  return new Map(
    networks.map((network) => [
      network.caipNetworkId,
      {
        network,
        upstream: Upstream.create({
          chainId: network.caipNetworkId,
          urls: network.rpcUrls.default.http,
          timeoutMs: options.timeoutMs,
          ...(options.fetch ? { fetch: options.fetch } : {}),
        }),
      },
    ]),
  )
}
