// The token list an operator of the devstack's chains would configure: each EVM fixture token with
// its icon on the stand-in image server, in the Uniswap token-list shape.
import type { TokenList } from '@walletframe/protocol'
import type { ChainNetwork } from '@walletframe/protocol/chains'
import { tokenMarks } from './artwork.js'

export function tokenList(networks: readonly ChainNetwork[], imagesUrl: string): TokenList {
  return {
    name: 'Walletframe devstack',
    version: { major: 1, minor: 0, patch: 0 },
    tokens: networks.flatMap((network) =>
      network.chainNamespace === 'eip155' && typeof network.id === 'number'
        ? network.tokens.map((token) => ({
            chainId: network.id as number,
            address: token.address,
            name: token.name,
            symbol: token.symbol,
            decimals: token.decimals,
            ...(tokenMarks[token.symbol] ? { logoURI: `${imagesUrl}/tokens/${token.symbol}.svg` } : {}),
          }))
        : [],
    ),
  }
}

/** The networks with each native currency's icon on the image server (the network catalog's field). */
export function withNativeIcons<N extends ChainNetwork>(networks: readonly N[], imagesUrl: string): N[] {
  return networks.map((network) =>
    tokenMarks[network.nativeCurrency.symbol]
      ? {
          ...network,
          nativeCurrency: {
            ...network.nativeCurrency,
            iconUrl: `${imagesUrl}/tokens/${network.nativeCurrency.symbol}.svg`,
          },
        }
      : network,
  )
}
