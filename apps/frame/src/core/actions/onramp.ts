// Buying through the on-ramp: what can be bought on
// the active network, the payment method's limits for the amount, the requests for a quote and a
// checkout, and the checkout itself — a popup on the provider's page, opened synchronously in the
// click handler (an await first would lose the user's gesture and the browser would block it), then
// followed until the provider returns to the frame; the purchase then shows in Activity.
import type {
  OnrampNetwork,
  OnrampOptions,
  OnrampPaymentMethodLimit,
  OnrampPurchaseCurrency,
  OnrampQuoteRequest,
  OnrampQuoteResponse,
  OnrampReturn,
  OnrampUrlRequestInput,
} from '@walletframe/protocol'
import { OnrampReturn as OnrampReturnSchema } from '@walletframe/protocol'
import { messageOf } from '../../lib/errors.js'
import type { Popup } from '../../lib/popup.js'
import type { Core } from '../Core.js'
import { onrampMessages } from '../onrampMessages.js'
import * as Navigation from './navigation.js'

/** A purchase currency with the entry of the network it is delivered on. */
export type Offer = { readonly currency: OnrampPurchaseCurrency; readonly network: OnrampNetwork }

/** What can be bought on `caipNetworkId`, the network's native currency first. */
export function offersOn(options: OnrampOptions, caipNetworkId: string, nativeSymbol?: string): Offer[] {
  const offers = options.purchaseCurrencies.flatMap((currency) => {
    const network = currency.networks.find((entry) => entry.chain_id === caipNetworkId)
    return network ? [{ currency, network }] : []
  })
  return offers.sort(
    (a, b) => Number(b.currency.symbol === nativeSymbol) - Number(a.currency.symbol === nativeSymbol),
  )
}

/** The limits of paying in `currency` by `method`; undefined when the options have none. */
export function limitOf(
  options: OnrampOptions,
  currency: string,
  method: string,
): OnrampPaymentMethodLimit | undefined {
  return options.paymentCurrencies
    .find((entry) => entry.id === currency)
    ?.payment_method_limits.find((limit) => limit.id === method)
}

export type AmountCheck =
  | { readonly status: 'empty' }
  | { readonly status: 'invalid'; readonly message: string }
  | { readonly status: 'ok'; readonly amount: string }

/**
 * The amount as typed, held to a fiat amount (2 decimals) within the method's limits; "Please enter a
 * valid amount" for anything else than a positive amount.
 */
export function checkAmount(
  typed: string,
  limit: OnrampPaymentMethodLimit | undefined,
  currency: string,
): AmountCheck {
  const text = typed.trim()
  if (text === '') return { status: 'empty' }
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(text) || Number(text) <= 0)
    return { status: 'invalid', message: onrampMessages.enterValidAmount }
  const amount = String(Number(text))
  if (limit && (Number(amount) < Number(limit.min) || Number(amount) > Number(limit.max)))
    return { status: 'invalid', message: onrampMessages.outOfLimits(limit.min, limit.max, currency) }
  return { status: 'ok', amount }
}

export type Order = {
  readonly offer: Offer
  /** Fiat amount, fees included (checked). */
  readonly amount: string
  readonly paymentCurrency: string
  readonly paymentMethod: string
}

export function quoteRequest(order: Order): OnrampQuoteRequest {
  return {
    purchaseCurrency: order.offer.currency.id,
    paymentCurrency: order.paymentCurrency,
    amount: order.amount,
    network: order.offer.network.name,
    paymentMethod: order.paymentMethod,
  }
}

/** The checkout for `address` with the order preset, returning to `redirectUrl`. */
export function checkoutRequest(
  order: Order,
  address: string,
  quote: OnrampQuoteResponse | undefined,
  redirectUrl: string,
): OnrampUrlRequestInput {
  const crypto = quote ? Number(quote.purchaseAmount.value) : 0
  return {
    destinationWallets: [
      { address, blockchains: [order.offer.network.name], assets: [order.offer.currency.id] },
    ],
    defaultNetwork: order.offer.network.name,
    partnerUserId: address,
    defaultExperience: 'buy',
    presetFiatAmount: Number(order.amount),
    ...(crypto > 0 ? { presetCryptoAmount: crypto } : {}),
    defaultAsset: order.offer.currency.id,
    fiatCurrency: order.paymentCurrency,
    defaultPaymentMethod: order.paymentMethod,
    // A mock quote is the API's estimate, not the provider's: the checkout prices afresh.
    ...(quote?.source === 'provider' ? { quoteId: quote.quoteId } : {}),
    redirectUrl,
  }
}

/** Where the checkout stands, for the view. */
export type CheckoutStatus =
  | { readonly status: 'idle' }
  | { readonly status: 'opening' }
  /** The browser blocked the popup: "Continue" opens it again, in its own click. */
  | { readonly status: 'blocked'; readonly url: string }
  | { readonly status: 'waiting' }
  | { readonly status: 'failed'; readonly message: string }

export type Deps = Pick<Core, 'modal' | 'toasts'> & {
  /** POST /v1/generators/onrampurl. */
  checkoutUrl(request: OnrampUrlRequestInput): Promise<string>
  /** window.open; null when blocked. */
  open(url: string): Popup | null
  /** What the popup's return page reports, or undefined once it is closed without a report. */
  watch(popup: Popup): Promise<unknown>
  /** The purchase landed: balances and Activity read again. */
  purchased(result: OnrampReturn): Promise<void> | void
  /** The checkout moved on. */
  onStatus(status: CheckoutStatus): void
}

/**
 * Opens the checkout for `request`. Call it in the click handler: the popup opens before anything
 * is awaited, on about:blank, and goes to the provider's page once the API gave its URL.
 */
export function checkout(deps: Deps, request: OnrampUrlRequestInput): Promise<void> {
  const popup = deps.open('about:blank')
  deps.onStatus({ status: 'opening' })
  return navigate(deps, request, popup)
}

async function navigate(deps: Deps, request: OnrampUrlRequestInput, popup: Popup | null): Promise<void> {
  let url: string
  try {
    url = await deps.checkoutUrl(request)
  } catch (error) {
    popup?.close()
    console.error('[walletframe] on-ramp checkout URL failed:', error)
    deps.onStatus({ status: 'failed', message: `${onrampMessages.checkoutFailed} (${messageOf(error)})` })
    return
  }
  if (!popup || popup.closed) {
    deps.onStatus({ status: 'blocked', url })
    return
  }
  popup.location.replace(url)
  return follow(deps, popup)
}

/** "Continue" after a blocked popup: opens the known URL, again in the click handler. */
export function resume(deps: Deps, url: string): Promise<void> {
  const popup = deps.open(url)
  if (!popup) {
    deps.onStatus({ status: 'blocked', url })
    return Promise.resolve()
  }
  return follow(deps, popup)
}

async function follow(deps: Deps, popup: Popup): Promise<void> {
  deps.onStatus({ status: 'waiting' })
  const reported = OnrampReturnSchema.safeParse(await deps.watch(popup))
  if (!reported.success) {
    deps.onStatus({ status: 'failed', message: onrampMessages.popupClosed })
    return
  }
  if (reported.data.status !== 'success') {
    deps.toasts.error(onrampMessages.purchaseFailed)
    deps.onStatus({ status: 'failed', message: onrampMessages.purchaseFailed })
    return
  }
  deps.toasts.success(onrampMessages.purchaseComplete)
  deps.onStatus({ status: 'idle' })
  Navigation.replace(deps, 'OnRampActivity')
  await deps.purchased(reported.data)
}
