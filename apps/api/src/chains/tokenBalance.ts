// One token balance item (name, symbol, value, price, quantity) from a raw on-chain amount, the same for every chain kind.
import type { CaipAddress, CaipNetworkId, ChainToken, TokenBalance } from '@walletframe/protocol'
import { formatUnits } from 'viem'

export type BalanceRead = {
  name: string
  symbol: string
  decimals: number
  raw: bigint
  price: number
  iconUrl: string
  /** Absent for the native currency. */
  address?: string
}

export function toTokenBalance(caipNetworkId: string, read: BalanceRead): TokenBalance {
  const numeric = formatUnits(read.raw, read.decimals)
  return {
    name: read.name,
    symbol: read.symbol,
    chainId: caipNetworkId as CaipNetworkId,
    ...(read.address ? { address: `${caipNetworkId}:${read.address}` as CaipAddress } : {}),
    value: Number(numeric) * read.price,
    price: read.price,
    quantity: { decimals: String(read.decimals), numeric },
    iconUrl: read.iconUrl,
  }
}

/** The read of a token from the configured list, priced from the list. */
export function listedToken(token: ChainToken, raw: bigint): BalanceRead {
  return {
    name: token.name,
    symbol: token.symbol,
    decimals: token.decimals,
    raw,
    price: token.priceUsd,
    iconUrl: token.iconUrl ?? '',
    address: token.address,
  }
}
