// What the local on-ramp sells and at what price: every network's native currency and the fixture
// USDC on the EVM devnets, paid in USD, EUR or GBP by card or bank account, priced from the chains
// file's USD prices with a provider fee of 1–2% and a flat network fee.
import {
  type ChainNetwork,
  type OnrampOptions,
  type OnrampPurchaseCurrency,
  type OnrampQuote,
  type OnrampQuoteRequest,
  onrampNetworkName,
} from '@walletframe/protocol'
import { OnrampError } from './errors.js'

/** USD per unit of each payment currency the provider takes. */
export const fiatUsdRates: Readonly<Record<string, number>> = { USD: 1, EUR: 1.08, GBP: 1.27 }

/** Limits per payment method, in the payment currency: the product's defaults for USD and EUR. */
export const methodLimits = [
  { id: 'card', min: '10', max: '7500' },
  { id: 'bank_account', min: '10', max: '25000' },
] as const

/** The provider's fee per payment method: card 2 %, bank account 1 %. */
export const feeRates: Readonly<Record<string, number>> = { card: 0.02, bank_account: 0.01 }

/** What delivering costs the provider on each namespace, charged in the payment currency. */
const networkFees: Readonly<Record<string, number>> = { eip155: 0.25, solana: 0.01 }

/** The provider's key of a network: its name in lowercase words joined by hyphens. */
export const networkKey = onrampNetworkName

/** One thing the provider delivers: an asset on one network, with its USD price. */
export type Product = {
  asset: string
  name: string
  network: ChainNetwork
  /** Token contract / mint; undefined for the native currency. */
  contract: string | undefined
  decimals: number
  priceUsd: number
}

/**
 * What can be bought: the native currency of every network with a price, and USDC where the
 * provider holds stock of it (the EVM devnets, where it is minted to the provider at start).
 */
export function products(networks: readonly ChainNetwork[]): Product[] {
  const list: Product[] = []
  for (const network of networks) {
    if (network.nativePriceUsd)
      list.push({
        asset: network.nativeCurrency.symbol,
        name: network.nativeCurrency.name,
        network,
        contract: undefined,
        decimals: network.nativeCurrency.decimals,
        priceUsd: network.nativePriceUsd,
      })
    const usdc = network.tokens.find((token) => token.symbol === 'USDC')
    if (usdc && network.chainNamespace === 'eip155')
      list.push({
        asset: 'USDC',
        name: usdc.name,
        network,
        contract: usdc.address,
        decimals: usdc.decimals,
        priceUsd: usdc.priceUsd,
      })
  }
  return list
}

export function options(list: readonly Product[]): OnrampOptions {
  const byAsset = new Map<string, OnrampPurchaseCurrency>()
  for (const product of list) {
    const currency = byAsset.get(product.asset) ?? {
      id: product.asset,
      name: product.name,
      symbol: product.asset,
      networks: [],
    }
    currency.networks.push({
      name: networkKey(product.network),
      display_name: product.network.name,
      chain_id: product.network.caipNetworkId,
      contract_address: product.contract ?? '',
    })
    byAsset.set(product.asset, currency)
  }
  return {
    purchaseCurrencies: [...byAsset.values()],
    paymentCurrencies: Object.keys(fiatUsdRates).map((id) => ({
      id,
      payment_method_limits: methodLimits.map((limit) => ({ ...limit })),
    })),
  }
}

export function findProduct(list: readonly Product[], asset: string, network: string): Product {
  const product = list.find((item) => item.asset === asset && networkKey(item.network) === network)
  if (!product) throw new OnrampError(400, 'UNSUPPORTED_ASSET', `${asset} is not sold on ${network}`)
  return product
}

/** Cents: fiat is shown and charged to two decimals. */
const cents = (value: number) => Math.round(value * 100) / 100
const fiat = (value: number) => cents(value).toFixed(2)

/**
 * The quote for paying `amount` (fees included) in a fiat currency: the provider's fee and the
 * network fee come off the payment, the rest buys the asset at its price, rounded down.
 */
export function price(
  list: readonly Product[],
  request: OnrampQuoteRequest,
  quoteId: string,
): { quote: OnrampQuote; product: Product } {
  const product = findProduct(list, request.purchaseCurrency, request.network)
  const rate = fiatUsdRates[request.paymentCurrency]
  if (rate === undefined)
    throw new OnrampError(400, 'UNSUPPORTED_CURRENCY', `Payments in ${request.paymentCurrency} are not taken`)
  const method = request.paymentMethod ?? 'card'
  const limit = methodLimits.find((candidate) => candidate.id === method)
  const feeRate = feeRates[method]
  if (!limit || feeRate === undefined)
    throw new OnrampError(400, 'UNSUPPORTED_PAYMENT_METHOD', `Unknown payment method ${method}`)
  const total = Number(request.amount)
  if (total < Number(limit.min) || total > Number(limit.max))
    throw new OnrampError(
      400,
      'AMOUNT_OUT_OF_LIMITS',
      `Pay between ${limit.min} and ${limit.max} ${request.paymentCurrency} by ${method.replace('_', ' ')}`,
    )
  const providerFee = cents(total * feeRate)
  const networkFee = networkFees[product.network.chainNamespace] ?? 0
  const subtotal = cents(total - providerFee - networkFee)
  const assetPrice = product.priceUsd / rate
  // At most 8 decimals, rounded down: the provider never delivers more than was paid for.
  const places = Math.min(product.decimals, 8)
  const scale = 10 ** places
  const purchased = Math.floor((subtotal / assetPrice) * scale) / scale
  const currency = request.paymentCurrency
  return {
    product,
    quote: {
      purchaseAmount: { value: purchased.toFixed(places), currency: product.asset },
      paymentSubtotal: { value: fiat(subtotal), currency },
      paymentTotal: { value: fiat(total), currency },
      networkFee: { value: fiat(networkFee), currency },
      coinbaseFee: { value: fiat(providerFee), currency },
      quoteId,
    },
  }
}
