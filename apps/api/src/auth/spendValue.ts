// Whether what one signature may move is over the user's send threshold. The threshold is an amount
// of the network's own coin (wei: 18 decimals, whatever the coin's own decimals are), so a native
// amount is compared exactly; tokens are valued in that coin through the API's prices. What cannot be
// valued is over: a payload the Worker could not read, a network the API does not serve, a token
// without a price.
import type { ChainNetwork, PassSpend } from '@walletframe/protocol'
import type { PriceSource } from '../chains/Prices.js'

/** What valuing a spend reads: the configured networks and the price source. */
export type Market = {
  networks: ReadonlyMap<string, { network: ChainNetwork }>
  prices: Pick<PriceSource, 'lookup' | 'native'>
}

/** `amount` in units of 10^-decimals, as a number of whole units (precise enough to weigh, never to pay). */
const whole = (amount: bigint, decimals: number) => Number(amount) / 10 ** decimals

export function overThreshold(market: Market, spend: PassSpend, thresholdWei: bigint): boolean {
  if (spend.unknown) return true
  const network = market.networks.get(spend.chain)?.network
  if (!network) return true
  const decimals = network.nativeCurrency.decimals
  if (decimals > 18) return true
  const nativeWei = BigInt(spend.native) * 10n ** BigInt(18 - decimals)
  if (spend.tokens.length === 0) return nativeWei > thresholdWei
  const coin = market.prices.native(network).price
  if (!(coin > 0)) return true
  let inCoins = whole(nativeWei, 18)
  for (const token of spend.tokens) {
    const found = market.prices.lookup(`${spend.chain}:${token.asset}`)
    if (!found || !(found.price > 0)) return true
    inCoins += (whole(BigInt(token.amount), found.decimals) * found.price) / coin
  }
  return inCoins > whole(thresholdWei, 18)
}
