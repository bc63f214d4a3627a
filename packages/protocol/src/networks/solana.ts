// The built-in Solana clusters: mainnet, devnet, testnet. The CAIP-2 reference is the
// first 32 characters of the cluster's genesis hash (https://namespaces.chainagnostic.org/solana/caip2).
import type { ChainNetwork } from '../chains.js'

const sol = { name: 'Solana', symbol: 'SOL', decimals: 9 }

function cluster(reference: string, name: string, host: string, testnet: boolean): ChainNetwork {
  return {
    caipNetworkId: `solana:${reference}`,
    chainNamespace: 'solana',
    id: reference,
    name,
    nativeCurrency: { ...sol },
    // Solana Labs' public endpoints: rate-limited, fine for a demo, to be replaced in production.
    rpcUrls: { default: { http: [`https://${host}`], webSocket: [`wss://${host}`] } },
    // Solscan picks the cluster from a `?cluster=` query, which a link builder appends after the path.
    blockExplorers: { default: { name: 'Solscan', url: 'https://solscan.io' } },
    testnet,
    contracts: {},
    tokens: [],
    nfts: [],
  }
}

export const solanaNetworks: readonly ChainNetwork[] = [
  cluster('5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'Solana', 'api.mainnet-beta.solana.com', false),
  cluster('EtWTRABZaYq6iMfeYKouRu166VU2xqa1', 'Solana Devnet', 'api.devnet.solana.com', true),
  cluster('4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z', 'Solana Testnet', 'api.testnet.solana.com', true),
]
