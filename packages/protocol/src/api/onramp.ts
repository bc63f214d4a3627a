// On-ramp (options, quote, checkout URL): what can be bought on which
// network, with which fiat currency and payment method within its limits; a quote; and the URL of
// the provider's checkout. The API serves these from a provider; the same shapes are the wire form
// of the provider the devstack runs, so they are written once, here.
import { CaipNetworkId } from '../caip.js'
import * as z from '../internal/zod.js'
import { text } from './common.js'

/** A positive or zero decimal amount as text (fiat or crypto), never a float. */
export const DecimalAmount = z
  .string()
  .check(z.regex(/^\d{1,15}(\.\d{1,18})?$/, 'a decimal amount such as 100 or 0.25 (digits, one dot)'))

/**
 * A network's on-ramp key (`Base` -> `base`, `Solana Devnet (local)` -> `solana-devnet-local`): the
 * name the local provider and the API's built-in options give it.
 */
export function onrampNetworkName(network: { name: string }): string {
  return network.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

/** A fiat amount: whole units and at most 2 decimals, below a billion. */
export const FiatAmount = z
  .string()
  .check(z.regex(/^\d{1,9}(\.\d{1,2})?$/, 'a fiat amount such as 100 or 49.99 (at most 2 decimals)'))

/** One network a purchase currency is delivered on. */
export const OnrampNetwork = z.object({
  /** The provider's network key, e.g. `base`; the quote's `network`. */
  name: z.string(),
  display_name: z.string(),
  /** CAIP-2 id of the network, e.g. `eip155:8453`. */
  chain_id: CaipNetworkId,
  /** Token contract / mint delivered; empty for the network's native currency. */
  contract_address: z.string(),
})
export type OnrampNetwork = z.infer<typeof OnrampNetwork>

export const OnrampPurchaseCurrency = z.object({
  /** The provider's id of the asset, e.g. `USDC`; the quote's `purchaseCurrency`. */
  id: z.string(),
  name: z.string(),
  symbol: z.string(),
  networks: z.array(OnrampNetwork),
})
export type OnrampPurchaseCurrency = z.infer<typeof OnrampPurchaseCurrency>

/** How much one payment method may pay, in the payment currency. */
export const OnrampPaymentMethodLimit = z.object({
  /** `card` or `bank_account`. */
  id: z.string(),
  min: DecimalAmount,
  max: DecimalAmount,
})
export type OnrampPaymentMethodLimit = z.infer<typeof OnrampPaymentMethodLimit>

export const OnrampPaymentCurrency = z.object({
  /** ISO 4217 code, e.g. `USD`. */
  id: z.string(),
  payment_method_limits: z.array(OnrampPaymentMethodLimit),
})
export type OnrampPaymentCurrency = z.infer<typeof OnrampPaymentCurrency>

export const OnrampOptions = z.object({
  purchaseCurrencies: z.array(OnrampPurchaseCurrency),
  paymentCurrencies: z.array(OnrampPaymentCurrency),
})
export type OnrampOptions = z.infer<typeof OnrampOptions>

/** GET /v1/onramp/options: `source` says whether the provider answered or the defaults stand in. */
export const OnrampOptionsResponse = z.extend(OnrampOptions, {
  /** `defaults`: the provider failed and the built-in options are shown. */
  source: z.enum(['provider', 'defaults']),
})
export type OnrampOptionsResponse = z.infer<typeof OnrampOptionsResponse>

/**
 * The limits shown when the provider's options cannot be read: USD and EUR, card 10 to 7,500, bank
 * account 10 to 25,000.
 */
export const defaultOnrampPaymentCurrencies: readonly OnrampPaymentCurrency[] = ['USD', 'EUR'].map((id) => ({
  id,
  payment_method_limits: [
    { id: 'card', min: '10', max: '7500' },
    { id: 'bank_account', min: '10', max: '25000' },
  ],
}))

/** The on-ramp providers' fee range, 1–2 %, as fractions of the payment. */
export const onrampFeeRange = { min: 0.01, max: 0.02 } as const

export const OnrampQuoteRequest = z.object({
  /** A purchase currency id from the options, e.g. `ETH`. */
  purchaseCurrency: text({ min: 1, max: 32 }),
  /** A payment currency id from the options, e.g. `USD`. */
  paymentCurrency: text({ min: 1, max: 16 }),
  /** What the user pays, in the payment currency, fees included. */
  amount: FiatAmount,
  /** A network `name` of the purchase currency, e.g. `base`. */
  network: text({ min: 1, max: 64 }),
  /** A payment method id of the payment currency; `card` when absent. */
  paymentMethod: z.optional(text({ min: 1, max: 32 })),
})
export type OnrampQuoteRequest = z.infer<typeof OnrampQuoteRequest>

export const OnrampAmount = z.object({ value: DecimalAmount, currency: z.string() })
export type OnrampAmount = z.infer<typeof OnrampAmount>

/** An on-ramp quote: paymentTotal = paymentSubtotal + networkFee + coinbaseFee. */
export const OnrampQuote = z.object({
  /** What arrives in the wallet, in the purchase currency. */
  purchaseAmount: OnrampAmount,
  paymentSubtotal: OnrampAmount,
  paymentTotal: OnrampAmount,
  networkFee: OnrampAmount,
  /** The provider's fee (the field keeps its wire name, whoever the provider is). */
  coinbaseFee: OnrampAmount,
  quoteId: z.string(),
})
export type OnrampQuote = z.infer<typeof OnrampQuote>

/** POST /v1/onramp/quote: `source` is `mock` when the provider failed and the API priced it itself. */
export const OnrampQuoteResponse = z.extend(OnrampQuote, {
  source: z.enum(['provider', 'mock']),
})
export type OnrampQuoteResponse = z.infer<typeof OnrampQuoteResponse>

export const OnrampDestinationWallet = z.object({
  address: text({ min: 1, max: 128 }),
  /** Network names (options' `networks[].name`) the address receives on. */
  blockchains: z.optional(z.array(text({ min: 1, max: 64 })).check(z.maxLength(32))),
  /** Purchase currency ids the address receives. */
  assets: z.optional(z.array(text({ min: 1, max: 32 })).check(z.maxLength(32))),
})
export type OnrampDestinationWallet = z.infer<typeof OnrampDestinationWallet>

/** POST /v1/generators/onrampurl, with the checkout's presets. */
export const OnrampUrlRequest = z.object({
  destinationWallets: z.array(OnrampDestinationWallet).check(z.minLength(1), z.maxLength(8)),
  /** The network name the checkout opens on. */
  defaultNetwork: z.optional(text({ min: 1, max: 64 })),
  /** Who buys, for the provider's records; the wallet address. */
  partnerUserId: text({ min: 1, max: 128 }),
  defaultExperience: z._default(z.enum(['buy']), 'buy'),
  presetCryptoAmount: z.optional(z.number().check(z.positive(), z.maximum(1e12))),
  presetFiatAmount: z.optional(z.number().check(z.positive(), z.maximum(1e12))),
  /** The purchase currency id the checkout opens with. */
  defaultAsset: z.optional(text({ min: 1, max: 32 })),
  /** The payment currency id. */
  fiatCurrency: z.optional(text({ min: 1, max: 16 })),
  defaultPaymentMethod: z.optional(text({ min: 1, max: 32 })),
  /** The quote the user accepted, when it came from the provider. */
  quoteId: z.optional(text({ min: 1, max: 128 })),
  /** Where the checkout sends the user when done (a page of the frame's origin). */
  redirectUrl: z.optional(z.url({ protocol: /^https?$/ }).check(z.maxLength(2048))),
})
export type OnrampUrlRequest = z.infer<typeof OnrampUrlRequest>
export type OnrampUrlRequestInput = z.input<typeof OnrampUrlRequest>

export const OnrampUrlResponse = z.object({ url: z.url() })
export type OnrampUrlResponse = z.infer<typeof OnrampUrlResponse>

/** The provider's answer to a checkout session request: the token its checkout URL carries. */
export const OnrampSession = z.object({ token: z.string(), url: z.url() })
export type OnrampSession = z.infer<typeof OnrampSession>

/**
 * What the checkout appends to `redirectUrl` when it is done: the order and, when paid, the
 * transaction that delivered the purchase.
 */
export const OnrampReturn = z.object({
  status: z.enum(['success', 'failed']),
  orderId: z.string(),
  network: z.optional(CaipNetworkId),
  transactionHash: z.optional(z.string()),
})
export type OnrampReturn = z.infer<typeof OnrampReturn>
