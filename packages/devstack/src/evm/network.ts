// The chains-file entry of one local EVM chain.
import type { ChainNetwork } from '@walletframe/protocol/chains'
import type { Anvil } from './Anvil.js'
import { type Fixtures, nativePriceUsd } from './fixtures.js'

export const evmChains = [
  { chainId: 1, name: 'Ethereum' },
  { chainId: 8453, name: 'Base' },
] as const

export function describe(anvil: Anvil, name: string, fixtures: Fixtures): ChainNetwork {
  return {
    caipNetworkId: `eip155:${anvil.chainId}`,
    chainNamespace: 'eip155',
    id: anvil.chainId,
    name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    nativePriceUsd,
    rpcUrls: { default: { http: [anvil.httpUrl], webSocket: [anvil.wsUrl] } },
    // The ids are mainnet's so chain switching and "supported networks" behave as in production.
    testnet: false,
    contracts: fixtures.contracts,
    tokens: fixtures.tokens.map(({ address, symbol, name: tokenName, decimals, priceUsd }) => ({
      address,
      symbol,
      name: tokenName,
      decimals,
      priceUsd,
    })),
    nfts: [
      {
        address: fixtures.nft.address,
        name: fixtures.nft.name,
        symbol: fixtures.nft.symbol,
        standard: 'erc721',
      },
    ],
  }
}
