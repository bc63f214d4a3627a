// Where the built-in EVM networks come from: viem's chain definitions, which viem's maintainers
// keep current (RPC endpoints, explorers, multicall3 deployments), mapped to ChainNetwork: 25
// chains, including the eight Coinbase supports (ethereum, arbitrum, polygon, berachain,
// avalanche, optimism, celo, base). Read at build time only (scripts/evm-networks.ts writes
// evm.json): bundling viem's chain modules would cost the frame ~60 KB, and loading viem/chains
// costs every Node process a second.
import type { Chain } from 'viem'
import {
  arbitrum,
  arbitrumNova,
  arbitrumSepolia,
  avalanche,
  base,
  baseSepolia,
  berachain,
  blast,
  bsc,
  celo,
  gnosis,
  linea,
  mainnet,
  mantle,
  optimism,
  optimismSepolia,
  polygon,
  polygonAmoy,
  scroll,
  sepolia,
  sonic,
  unichain,
  worldchain,
  zksync,
  zora,
} from 'viem/chains'
import type { ChainNetwork } from '../chains.js'

/**
 * A viem chain as a ChainNetwork: its default RPC URLs and explorer, its testnet flag and its
 * multicall3 address. viem's other contracts are left out: the L2 ones are keyed by source chain,
 * which the flat `contracts` map cannot hold.
 */
export function fromViem(chain: Chain): ChainNetwork {
  const { http, webSocket } = chain.rpcUrls.default
  const explorer = chain.blockExplorers?.default
  const multicall3 = chain.contracts?.multicall3?.address
  return {
    caipNetworkId: `eip155:${chain.id}`,
    chainNamespace: 'eip155',
    id: chain.id,
    name: chain.name,
    nativeCurrency: {
      name: chain.nativeCurrency.name,
      symbol: chain.nativeCurrency.symbol,
      decimals: chain.nativeCurrency.decimals,
    },
    rpcUrls: { default: { http: [...http], ...(webSocket?.length ? { webSocket: [...webSocket] } : {}) } },
    ...(explorer ? { blockExplorers: { default: { name: explorer.name, url: explorer.url } } } : {}),
    testnet: chain.testnet ?? false,
    contracts: multicall3 ? { multicall3 } : {},
    tokens: [],
    nfts: [],
  }
}

const mainnets = [
  mainnet,
  arbitrum,
  polygon,
  berachain,
  avalanche,
  optimism,
  celo,
  base,
  bsc,
  gnosis,
  zksync,
  linea,
  scroll,
  zora,
  blast,
  mantle,
  unichain,
  arbitrumNova,
  worldchain,
  sonic,
]
const testnets = [sepolia, baseSepolia, optimismSepolia, arbitrumSepolia, polygonAmoy]

/** The built-in EVM networks as viem defines them today. */
export function fromViemChains(): ChainNetwork[] {
  return [...mainnets, ...testnets].map(fromViem)
}
