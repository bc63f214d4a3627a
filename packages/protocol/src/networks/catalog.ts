// The built-in networks (25 EVM, 3 Solana clusters, 2 Bitcoin networks): what a CAIP-2 id alone
// stands for in a network entry.
import type { ChainNetwork } from '../chains.js'
import { bitcoinNetworks } from './bitcoin.js'
import { evmNetworks } from './evm.js'
import { solanaNetworks } from './solana.js'

/** Every built-in network, EVM first; frozen, since every resolution reads the same objects. */
export const builtinNetworks: readonly ChainNetwork[] = [
  ...evmNetworks,
  ...solanaNetworks,
  ...bitcoinNetworks,
].map((network) => deepFreeze(network))

const byId = new Map<string, ChainNetwork>(builtinNetworks.map((network) => [network.caipNetworkId, network]))

/** The built-in network with this CAIP-2 id, if there is one. */
export function getBuiltinNetwork(caipNetworkId: string): ChainNetwork | undefined {
  return byId.get(caipNetworkId)
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner)
    Object.freeze(value)
  }
  return value
}
