// Where each token's icon comes from: the operator's token list (`logoURI` by chain id and address)
// first, then the chains file's own `iconUrl` for a configured token, and for a native currency its
// network's `nativeCurrency.iconUrl`. The frame gets the API's URL for it, never the source's.
import type { ChainNetwork, TokenList } from '@walletframe/protocol'
import * as Prices from '../chains/Prices.js'

export type TokenIcons = {
  /** The source URL of the icon of `address` on `caipNetworkId` (native: the network's pseudo-address). */
  source(caipNetworkId: string, address: string): string | undefined
}

export function create(networks: readonly ChainNetwork[], tokenList?: TokenList): TokenIcons {
  const sources = new Map<string, string>()
  for (const network of networks) {
    if (network.nativeCurrency.iconUrl)
      sources.set(
        Prices.key(network.caipNetworkId, Prices.nativeAddress(network)),
        network.nativeCurrency.iconUrl,
      )
    for (const token of network.tokens)
      if (token.iconUrl) sources.set(Prices.key(network.caipNetworkId, token.address), token.iconUrl)
  }
  // The list wins over the chains file: it is the operator's choice of artwork, kept up to date apart.
  for (const token of tokenList?.tokens ?? [])
    if (token.logoURI) sources.set(Prices.key(`eip155:${token.chainId}`, token.address), token.logoURI)
  return {
    source: (caipNetworkId, address) => sources.get(Prices.key(caipNetworkId, address)),
  }
}

/** The path under which the API serves a token's icon. */
export function path(caipNetworkId: string, address: string): string {
  return `/v1/tokens/${caipNetworkId}/${address}/icon`
}

/**
 * The balances with `iconUrl` set to the API's own URL of each icon it knows (`base` is the API's
 * public origin), and left empty for the others, where the frame draws its letter fallback.
 */
export function withIcons<B extends { chainId: string; address?: string | undefined; iconUrl: string }>(
  icons: TokenIcons,
  networks: ReadonlyMap<string, { network: ChainNetwork }>,
  base: string,
  balances: readonly B[],
): B[] {
  return balances.map((balance) => {
    const network = networks.get(balance.chainId)?.network
    const address = balance.address
      ? balance.address.slice(balance.address.lastIndexOf(':') + 1)
      : network && Prices.nativeAddress(network)
    const known = address !== undefined && icons.source(balance.chainId, address) !== undefined
    return { ...balance, iconUrl: known ? `${base}${path(balance.chainId, address)}` : '' }
  })
}
