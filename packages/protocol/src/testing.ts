// Builders of valid protocol values for the tests of every workspace; not part of the runtime API.
import type { ChainNetwork } from './chains.js'

/**
 * An eip155 network paying in ETH, priced (the API's static price source needs nativePriceUsd); its
 * RPC URL defaults to a closed local port.
 */
export function evmNetwork(id: number, name: string, rpcUrl = `http://127.0.0.1:9/${id}`): ChainNetwork {
  return {
    caipNetworkId: `eip155:${id}`,
    chainNamespace: 'eip155',
    id,
    name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    nativePriceUsd: 3000,
    rpcUrls: { default: { http: [rpcUrl] } },
    testnet: false,
    contracts: {},
    tokens: [],
    nfts: [],
  }
}

/**
 * A Solana cluster paying in SOL, mainnet unless `reference` (its CAIP-2 reference) names another;
 * its RPC URL defaults to a closed local port.
 */
export function solanaNetwork(
  reference = '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  name = 'Solana',
  rpcUrl = `http://127.0.0.1:9/${reference}`,
): ChainNetwork {
  return {
    caipNetworkId: `solana:${reference}`,
    chainNamespace: 'solana',
    id: reference,
    name,
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    rpcUrls: { default: { http: [rpcUrl] } },
    testnet: false,
    contracts: {},
    tokens: [],
    nfts: [],
  }
}
