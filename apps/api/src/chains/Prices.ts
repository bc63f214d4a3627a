// The `static` price source: USD prices and token metadata straight from the config (a ChainsFile's
// nativePriceUsd and tokens[].priceUsd). A live feed would implement the same `lookup`.
import { type ChainNetwork, nativeTokenAddress, solanaNativeMint } from '@walletframe/protocol'
import { ConfigError } from '../errors.js'

export type Fungible = {
  name: string
  symbol: string
  decimals: number
  price: number
  iconUrl: string
}

export type PriceSource = {
  /** By CAIP-10 id (`eip155:1:0x…`, `solana:…:<mint>`); native via the 0xeeee… / wSOL pseudo-address. */
  lookup(caipAddress: string): Fungible | undefined
  native(network: ChainNetwork): Fungible
}

/** EVM addresses are case-insensitive (checksums); Solana's base58 is not. */
export function key(caipNetworkId: string, address: string): string {
  return caipNetworkId.startsWith('eip155:')
    ? `${caipNetworkId}:${address.toLowerCase()}`
    : `${caipNetworkId}:${address}`
}

export function nativeAddress(network: ChainNetwork): string {
  return network.chainNamespace === 'solana' ? solanaNativeMint : nativeTokenAddress
}

export function fromNetworks(networks: ChainNetwork[]): PriceSource {
  const table = new Map<string, Fungible>()
  const natives = new Map<string, Fungible>()
  for (const network of networks) {
    const native: Fungible = {
      name: network.nativeCurrency.name,
      symbol: network.nativeCurrency.symbol,
      decimals: network.nativeCurrency.decimals,
      price: nativePrice(network),
      iconUrl: '',
    }
    natives.set(network.caipNetworkId, native)
    table.set(key(network.caipNetworkId, nativeAddress(network)), native)
    for (const token of network.tokens) {
      table.set(key(network.caipNetworkId, token.address), {
        name: token.name,
        symbol: token.symbol,
        decimals: token.decimals,
        price: token.priceUsd,
        iconUrl: token.iconUrl ?? '',
      })
    }
  }
  return {
    lookup(caipAddress) {
      const at = caipAddress.lastIndexOf(':')
      return table.get(key(caipAddress.slice(0, at), caipAddress.slice(at + 1)))
    },
    native(network) {
      return natives.get(network.caipNetworkId)!
    },
  }
}

/**
 * nativePriceUsd is optional in a ChainNetwork (the frame's networks carry no price), but this
 * source has nowhere else to read it from, and a balance row cannot say "no price": 0 would claim
 * the currency is worthless. So the API refuses to start without it.
 */
function nativePrice(network: ChainNetwork): number {
  if (network.nativePriceUsd === undefined)
    throw new ConfigError(
      `Invalid config: ${network.caipNetworkId} has no nativePriceUsd, which the static price source needs`,
      'nativePriceUsd',
    )
  return network.nativePriceUsd
}
