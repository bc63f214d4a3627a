// The local on-ramp's checkout, server-rendered HTML with no script: what is bought, for which
// wallet, how it is paid, the quote, and a "Pay" button that posts the form back to the provider.
import type { OnrampQuote, OnrampUrlRequest } from '@walletframe/protocol'
import { fiatUsdRates, methodLimits, networkKey, type Product } from './catalog.js'

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] as string,
  )

const methodNames: Record<string, string> = { card: 'Card', bank_account: 'Bank account' }

export const productKey = (product: Product) => `${product.asset}@${networkKey(product.network)}`

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<title>${escapeHtml(title)}</title>
<style>
  body { font: 15px/1.45 system-ui, sans-serif; max-width: 26rem; margin: 2rem auto; padding: 0 1rem; color: #1b1b1f; }
  h1 { font-size: 1.3rem; }
  label { display: grid; gap: .25rem; margin: .75rem 0; }
  input, select, button { font: inherit; padding: .5rem; }
  button { width: 100%; margin-top: 1rem; background: #2d5bff; color: #fff; border: 0; border-radius: .5rem; cursor: pointer; }
  dl { display: grid; grid-template-columns: 1fr auto; gap: .25rem 1rem; }
  dd { margin: 0; text-align: right; }
  .error { color: #b00020; }
  code { word-break: break-all; }
</style>
</head>
<body>
${body}
</body>
</html>
`
}

export type CheckoutView = {
  token: string
  session: OnrampUrlRequest
  /** Products this session's wallet can receive. */
  products: readonly Product[]
  selected: Product
  amount: string
  fiat: string
  method: string
  quote: OnrampQuote | undefined
  error: string | undefined
}

export function checkout(view: CheckoutView): string {
  const wallet = view.session.destinationWallets[0]?.address ?? ''
  const option = (value: string, label: string, selected: boolean) =>
    `<option value="${escapeHtml(value)}"${selected ? ' selected' : ''}>${escapeHtml(label)}</option>`
  const quote = view.quote
    ? `<dl data-testid="checkout-quote">
  <dt>You receive</dt><dd data-testid="checkout-purchase">${escapeHtml(view.quote.purchaseAmount.value)} ${escapeHtml(view.quote.purchaseAmount.currency)}</dd>
  <dt>Subtotal</dt><dd>${escapeHtml(view.quote.paymentSubtotal.value)} ${escapeHtml(view.fiat)}</dd>
  <dt>Network fee</dt><dd>${escapeHtml(view.quote.networkFee.value)} ${escapeHtml(view.fiat)}</dd>
  <dt>Provider fee</dt><dd>${escapeHtml(view.quote.coinbaseFee.value)} ${escapeHtml(view.fiat)}</dd>
  <dt>Total</dt><dd data-testid="checkout-total">${escapeHtml(view.quote.paymentTotal.value)} ${escapeHtml(view.fiat)}</dd>
</dl>`
    : ''
  return page(
    'Checkout — local on-ramp',
    `<h1>Buy crypto</h1>
<p>Delivered to <code data-testid="checkout-wallet">${escapeHtml(wallet)}</code></p>
${view.error ? `<p class="error" role="alert" data-testid="checkout-error">${escapeHtml(view.error)}</p>` : ''}
<form method="post" action="/checkout/pay">
  <input type="hidden" name="sessionToken" value="${escapeHtml(view.token)}" />
  <label>Buy
    <select name="product" data-testid="checkout-product">
      ${view.products.map((product) => option(productKey(product), `${product.asset} on ${product.network.name}`, product === view.selected)).join('\n      ')}
    </select>
  </label>
  <label>Amount
    <input name="amount" inputmode="decimal" required value="${escapeHtml(view.amount)}" data-testid="checkout-amount" />
  </label>
  <label>Currency
    <select name="fiat">
      ${Object.keys(fiatUsdRates)
        .map((id) => option(id, id, id === view.fiat))
        .join('')}
    </select>
  </label>
  <label>Pay with
    <select name="method">
      ${methodLimits.map((limit) => option(limit.id, `${methodNames[limit.id]} (${limit.min}–${limit.max})`, limit.id === view.method)).join('')}
    </select>
  </label>
  ${quote}
  <button type="submit" data-testid="checkout-pay">Pay</button>
</form>
<p><small>Local stand-in: no money moves; paying sends the purchase from the provider's devnet wallet.</small></p>`,
  )
}

export function done(options: { transactionHash: string; network: string; purchase: string }): string {
  return page(
    'Paid — local on-ramp',
    `<h1 data-testid="checkout-done">Payment complete</h1>
<p>${escapeHtml(options.purchase)} sent on ${escapeHtml(options.network)}.</p>
<p>Transaction <code>${escapeHtml(options.transactionHash)}</code></p>
<p>You can close this window.</p>`,
  )
}

export function failure(message: string, back: string | undefined): string {
  return page(
    'Payment failed — local on-ramp',
    `<h1>Payment failed</h1>
<p class="error" role="alert" data-testid="checkout-error">${escapeHtml(message)}</p>
${back ? `<p><a href="${escapeHtml(back)}">Return to the wallet</a></p>` : ''}`,
  )
}
