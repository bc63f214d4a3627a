// The built-in Bitcoin networks: mainnet, testnet. The BIP-122 reference is the first 32
// hex characters of the genesis block hash (https://namespaces.chainagnostic.org/bip122/caip2).
import type { ChainNetwork } from '../chains.js'

const btc = { name: 'Bitcoin', symbol: 'BTC', decimals: 8 }

/**
 * Bitcoin Core's JSON-RPC is private to each node, so there is no public endpoint to name: the
 * default is mempool.space's Esplora REST API, which Bitcoin clients read instead.
 */
function bitcoin(reference: string, name: string, path: string, testnet: boolean): ChainNetwork {
  return {
    caipNetworkId: `bip122:${reference}`,
    chainNamespace: 'bip122',
    id: reference,
    name,
    nativeCurrency: { ...btc },
    rpcUrls: { default: { http: [`https://mempool.space${path}/api`] } },
    blockExplorers: { default: { name: 'mempool.space', url: `https://mempool.space${path}` } },
    testnet,
    contracts: {},
    tokens: [],
    nfts: [],
  }
}

export const bitcoinNetworks: readonly ChainNetwork[] = [
  bitcoin('000000000019d6689c085ae165831e93', 'Bitcoin', '', false),
  // Testnet3, whose genesis block this reference names (not testnet4 or signet).
  bitcoin('000000000933ea01ad0ee984209779ba', 'Bitcoin Testnet', '/testnet', true),
]
