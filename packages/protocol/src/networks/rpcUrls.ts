// Which RPC URL a configured network uses. Built-in RPC URLs are public, rate-limited endpoints;
// a frame with an API sends its traffic through the API's RPC proxy instead, which only the frame
// can name (it knows apiUrl and the project), so this runs after the config is parsed.
import type { ChainNetwork } from '../chains.js'
import { getBuiltinNetwork } from './catalog.js'

/**
 * Gives each network still on its built-in RPC URLs the URL `rpcUrl(network)` returns (HTTP only:
 * the built-in WebSocket URLs go too, as they would bypass the proxy). A network whose entry set
 * rpcUrls of its own, or that is not built in, is returned unchanged, as is one for which `rpcUrl`
 * returns undefined. rpcUrls written identical to the built-in ones count as not set.
 *
 * @example
 * replaceDefaultRpcUrls(config.networks, (network) =>
 *   `${apiUrl}/v1?chainId=${encodeURIComponent(network.caipNetworkId)}&projectId=${projectId}`)
 */
export function replaceDefaultRpcUrls(
  networks: readonly ChainNetwork[],
  rpcUrl: (network: ChainNetwork) => string | undefined,
): ChainNetwork[] {
  return networks.map((network) => {
    if (!isBuiltinRpc(network)) return network
    const url = rpcUrl(network)
    return url === undefined ? network : { ...network, rpcUrls: { default: { http: [url] } } }
  })
}

/** True when the network uses exactly the RPC URLs of the built-in network with its id. */
export function isBuiltinRpc(network: Pick<ChainNetwork, 'caipNetworkId' | 'rpcUrls'>): boolean {
  const builtin = getBuiltinNetwork(network.caipNetworkId)?.rpcUrls.default
  const own = network.rpcUrls.default
  return (
    builtin !== undefined &&
    sameList(builtin.http, own.http) &&
    sameList(builtin.webSocket ?? [], own.webSocket ?? [])
  )
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index])
}
