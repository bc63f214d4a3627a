// The USD side of a review: the price of each asset its changes name and of the native coin, and the
// network fee. Prices come from the API's own price source, by the asset's address on that network: a
// token that only calls itself "USDC" has no price, and a price is dropped when the chain reports other
// decimals than the price source lists (the price would be for another unit). Never a price of 0 made up.
import {
  type ChainNetwork,
  nativeTokenAddress,
  type ReviewFee,
  type ReviewPrice,
  type SimulateResponse,
  type SolanaSimulateResponse,
} from '@walletframe/protocol'
import type { Fungible, PriceSource } from '../chains/Prices.js'
import { nativeAddress } from '../chains/Prices.js'

/** An asset as the simulation names it: its address (or mint), and its decimals as the chain reported them. */
type Named = { address: string; decimals?: number | undefined }

function priced(found: Fungible | undefined, asset: Named): ReviewPrice | undefined {
  if (!found || !Number.isFinite(found.price) || found.price <= 0) return undefined
  if (asset.decimals !== undefined && asset.decimals !== found.decimals) return undefined
  return { asset: asset.address, usd: found.price }
}

/** The prices of `assets` on `network` and of its native coin, each once, those the source has. */
export function pricesOf(
  prices: PriceSource,
  network: ChainNetwork,
  assets: readonly Named[],
): ReviewPrice[] {
  const native = nativeAddress(network)
  const byAsset = new Map<string, ReviewPrice>()
  const nativePrice = priced(prices.native(network), {
    address: native,
    decimals: network.nativeCurrency.decimals,
  })
  if (nativePrice) byAsset.set(native.toLowerCase(), nativePrice)
  for (const asset of assets) {
    const id = asset.address.toLowerCase()
    if (byAsset.has(id) || id === nativeTokenAddress || asset.address === native) continue
    const price = priced(prices.lookup(`${network.caipNetworkId}:${asset.address}`), asset)
    if (price) byAsset.set(id, price)
  }
  return [...byAsset.values()]
}

/** The assets an EVM simulation names: its balance changes' tokens (the native coin among them). */
export function evmAssets(simulation: SimulateResponse): Named[] {
  return simulation.assetChanges.map((change) => change.token)
}

/** The assets a Solana simulation names: the mints of the token accounts it changes. */
export function solanaAssets(simulation: SolanaSimulateResponse): Named[] {
  return simulation.accountChanges.flatMap((change) =>
    change.token ? [{ address: change.token.mint, decimals: change.token.decimals }] : [],
  )
}

/** The fee of calls that used `gasUsed` at `gasPrice` (wei per gas): an estimate, the price moves. */
export function evmFee(network: ChainNetwork, gasUsed: bigint, gasPrice: bigint): ReviewFee {
  return {
    amount: String(gasUsed * gasPrice),
    symbol: network.nativeCurrency.symbol,
    decimals: network.nativeCurrency.decimals,
  }
}

/** A Solana transaction's fee, as the network priced its message. */
export function solanaFee(network: ChainNetwork, simulation: SolanaSimulateResponse): ReviewFee {
  return {
    amount: simulation.fee,
    symbol: network.nativeCurrency.symbol,
    decimals: network.nativeCurrency.decimals,
  }
}
