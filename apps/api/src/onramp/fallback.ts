// What the on-ramp routes answer when the provider fails: the built-in options — the configured
// networks' native currencies and USDC, paid in USD or EUR, card 10 to 7,500, bank 10 to 25,000 —
// and a mock quote, priced from the API's own USD prices at the top of the fee range and marked as
// such, so the user still sees an estimate and the checkout shows the real price.
import { randomUUID } from 'node:crypto'
import {
  type ChainNetwork,
  defaultOnrampPaymentCurrencies,
  type OnrampOptions,
  type OnrampPurchaseCurrency,
  type OnrampQuote,
  type OnrampQuoteRequest,
  onrampFeeRange,
  onrampNetworkName,
} from '@walletframe/protocol'
import type { PriceSource } from '../chains/Prices.js'

/** The purchase currencies the built-in options offer: what every network can carry. */
function assets(network: ChainNetwork) {
  const usdc = network.tokens.find((token) => token.symbol === 'USDC')
  return [
    { id: network.nativeCurrency.symbol, name: network.nativeCurrency.name, contract: '' },
    ...(usdc ? [{ id: 'USDC', name: usdc.name, contract: usdc.address }] : []),
  ]
}

export function defaultOptions(networks: readonly ChainNetwork[]): OnrampOptions {
  const byId = new Map<string, OnrampPurchaseCurrency>()
  for (const network of networks) {
    for (const asset of assets(network)) {
      const currency = byId.get(asset.id) ?? {
        id: asset.id,
        name: asset.name,
        symbol: asset.id,
        networks: [],
      }
      currency.networks.push({
        name: onrampNetworkName(network),
        display_name: network.name,
        chain_id: network.caipNetworkId,
        contract_address: asset.contract,
      })
      byId.set(asset.id, currency)
    }
  }
  return {
    purchaseCurrencies: [...byId.values()],
    paymentCurrencies: defaultOnrampPaymentCurrencies.map((currency) => ({
      id: currency.id,
      payment_method_limits: currency.payment_method_limits.map((limit) => ({ ...limit })),
    })),
  }
}

/** The prefix of a mock quote's id: the frame never hands it to the provider. */
export const mockQuotePrefix = 'mock-'

/**
 * A quote the API makes itself: the fee at the top of the range (2 %), no network fee, and the rest
 * at the configured USD price. Only USD is priced (the API has no exchange rates): for another
 * currency, or an asset without a price, the purchase amount is 0 — unknown until the checkout.
 */
export function mockQuote(
  request: OnrampQuoteRequest,
  context: { networks: readonly ChainNetwork[]; prices: PriceSource },
): OnrampQuote {
  const total = Number(request.amount)
  const fee = Math.round(total * onrampFeeRange.max * 100) / 100
  const subtotal = Math.max(0, Math.round((total - fee) * 100) / 100)
  const network = context.networks.find((candidate) => onrampNetworkName(candidate) === request.network)
  const asset = network && assets(network).find((candidate) => candidate.id === request.purchaseCurrency)
  const price =
    network && asset
      ? asset.contract
        ? context.prices.lookup(`${network.caipNetworkId}:${asset.contract}`)?.price
        : context.prices.native(network).price
      : undefined
  const purchased =
    request.paymentCurrency === 'USD' && price ? Math.floor((subtotal / price) * 1e8) / 1e8 : 0
  const currency = request.paymentCurrency
  const fiat = (value: number) => ({ value: value.toFixed(2), currency })
  return {
    purchaseAmount: { value: purchased.toFixed(8), currency: request.purchaseCurrency },
    paymentSubtotal: fiat(subtotal),
    paymentTotal: fiat(total),
    networkFee: fiat(0),
    coinbaseFee: fiat(fee),
    quoteId: `${mockQuotePrefix}${randomUUID()}`,
  }
}
