// The buy form: what to buy on the active network, the amount, the payment currency and method
// within its limits, the quote for it (asked 500 ms after typing stops), and the checkout,
// opened in a popup straight from the click (with "Continue" when the browser blocked it).
import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { ChainNetwork, OnrampOptionsResponse, OnrampQuoteResponse } from '@walletframe/protocol'
import { useMemo, useState } from 'react'
import { useFrame } from '../../app/context.js'
import { checkoutDeps, returnUrl } from '../../app/onramp.js'
import { AmountField } from '../../components/AmountField.js'
import { useDebounced } from '../../components/useDebounced.js'
import { useViewMessages } from '../../components/useViewMessages.js'
import * as Onramp from '../../core/actions/onramp.js'
import { onrampMessages } from '../../core/onrampMessages.js'
import type { Client } from '../../data/client.js'
import { messageOf } from '../../lib/errors.js'
import { localizeText } from '../../locale/en/errors.js'
import * as OnrampQueries from '../../queries/onramp.js'

/** The quote waits for typing to pause this long. */
export const quoteDebounceMs = 500

type BuyMessages = ReturnType<typeof useViewMessages>['buy']

/** A payment method's name in the frame's language; one we have no word for, by its id. */
const methodName = (id: string, words: BuyMessages) =>
  Object.hasOwn(words.methods, id) ? words.methods[id as keyof BuyMessages['methods']] : id

type Props = { api: Client; options: OnrampOptionsResponse; network: ChainNetwork; address: string }

export function BuyForm({ api, options, network, address }: Props) {
  const frame = useFrame()
  const queryClient = useQueryClient()
  const messages = useViewMessages()
  const { buy: words, errors } = messages
  const offers = useMemo(
    () => Onramp.offersOn(options, network.caipNetworkId, network.nativeCurrency.symbol),
    [options, network],
  )
  const [asset, setAsset] = useState(offers[0]?.currency.id ?? '')
  const [paymentCurrency, setPaymentCurrency] = useState(
    options.paymentCurrencies.find((currency) => currency.id === 'USD')?.id ??
      options.paymentCurrencies[0]?.id ??
      '',
  )
  const methods =
    options.paymentCurrencies.find((currency) => currency.id === paymentCurrency)?.payment_method_limits ?? []
  const [chosenMethod, setMethod] = useState(methods[0]?.id ?? '')
  const method = methods.some((limit) => limit.id === chosenMethod) ? chosenMethod : (methods[0]?.id ?? '')
  const [typed, setTyped] = useState('')
  const [status, setStatus] = useState<Onramp.CheckoutStatus>({ status: 'idle' })

  const offer = offers.find((candidate) => candidate.currency.id === asset) ?? offers[0]
  const limit = Onramp.limitOf(options, paymentCurrency, method)
  const amount = Onramp.checkAmount(typed, limit, paymentCurrency)
  const checked = amount.status === 'ok' ? amount.amount : undefined
  const order = useMemo(
    (): Onramp.Order | undefined =>
      offer && checked !== undefined
        ? { offer, amount: checked, paymentCurrency, paymentMethod: method }
        : undefined,
    [offer, checked, paymentCurrency, method],
  )

  // The quote follows the order once typing has paused.
  const quoted = useDebounced(order, quoteDebounceMs)
  const current = order !== undefined && quoted === order
  const quote = useQuery(OnrampQueries.quote(api, current ? Onramp.quoteRequest(order) : undefined))

  const deps = useMemo(
    () => checkoutDeps(frame, api, queryClient, { network, address }, setStatus),
    [frame, api, queryClient, network, address],
  )
  const busy = status.status === 'opening' || status.status === 'waiting'

  if (!offer)
    return (
      <p className="wf-muted" data-testid="wf-buy-nothing">
        {errors.nothingToBuy(network.name)}
      </p>
    )

  function buy() {
    if (!order) return
    const accepted = current && quote.data ? quote.data : undefined
    // No await before this call: it opens the popup inside this click.
    void Onramp.checkout(deps, Onramp.checkoutRequest(order, address, accepted, returnUrl()))
  }

  return (
    <form
      className="wf-stack"
      data-testid="wf-buy"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        buy()
      }}
    >
      {options.source === 'defaults' ? (
        <p className="wf-muted" data-testid="wf-buy-defaults">
          {errors.defaultOptions}
        </p>
      ) : null}
      <label className="wf-field">
        <span>{words.buy}</span>
        <select
          className="wf-input"
          data-testid="wf-buy-asset"
          value={offer.currency.id}
          disabled={busy}
          onChange={(event) => setAsset(event.target.value)}
        >
          {offers.map((candidate) => (
            <option key={candidate.currency.id} value={candidate.currency.id}>
              {candidate.currency.symbol} ({candidate.currency.name})
            </option>
          ))}
        </select>
      </label>
      <AmountField
        testId="wf-buy-amount"
        placeholder={limit ? `${limit.min}–${limit.max}` : '0.00'}
        value={typed}
        disabled={busy}
        onChange={setTyped}
      />
      <div className="wf-row">
        <label className="wf-field">
          <span>{words.payIn}</span>
          <select
            className="wf-input"
            data-testid="wf-buy-currency"
            value={paymentCurrency}
            disabled={busy}
            onChange={(event) => setPaymentCurrency(event.target.value)}
          >
            {options.paymentCurrencies.map((currency) => (
              <option key={currency.id} value={currency.id}>
                {currency.id}
              </option>
            ))}
          </select>
        </label>
        <label className="wf-field">
          <span>{words.payWith}</span>
          <select
            className="wf-input"
            data-testid="wf-buy-method"
            value={method}
            disabled={busy}
            onChange={(event) => setMethod(event.target.value)}
          >
            {methods.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {methodName(candidate.id, words)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {limit ? (
        <p className="wf-muted" data-testid="wf-buy-limits">
          {methodName(method, words)}: {limit.min}–{limit.max} {paymentCurrency}
        </p>
      ) : null}
      {amount.status === 'invalid' ? (
        <p className="wf-error" role="alert" data-testid="wf-buy-amount-error">
          <strong>{errors.incorrectAmount}:</strong>{' '}
          {limit && amount.message === onrampMessages.outOfLimits(limit.min, limit.max, paymentCurrency)
            ? errors.outOfLimits(limit.min, limit.max, paymentCurrency)
            : localizeText(amount.message, errors)}
        </p>
      ) : null}
      {order && current ? (
        quote.isPending ? (
          <p className="wf-muted">{messages.funds.gettingQuote}</p>
        ) : quote.isError ? (
          <p className="wf-error" role="alert" data-testid="wf-buy-quote-error">
            {localizeText(messageOf(quote.error) || errors.quoteFailed, errors)}
          </p>
        ) : (
          <Quote quote={quote.data} />
        )
      ) : null}
      <Checkout status={status} deps={deps} />
      <button type="submit" className="wf-button" data-testid="wf-buy-submit" disabled={!order || busy}>
        {busy ? words.waiting : words.buySymbol(offer.currency.symbol)}
      </button>
    </form>
  )
}

function Quote({ quote }: { quote: OnrampQuoteResponse }) {
  const fiat = (part: OnrampQuoteResponse['paymentTotal']) => `${part.value} ${part.currency}`
  const unknown = Number(quote.purchaseAmount.value) === 0
  const messages = useViewMessages()
  const words = messages.buy
  return (
    <div className="wf-stack" data-testid="wf-buy-quote" data-source={quote.source}>
      {quote.source === 'mock' ? (
        <p className="wf-muted" data-testid="wf-buy-quote-mock">
          {messages.errors.mockQuote}
        </p>
      ) : null}
      <dl className="wf-quote">
        <dt>{messages.funds.youReceive}</dt>
        <dd data-testid="wf-buy-quote-amount">
          {unknown ? words.shownAtCheckout : `${quote.purchaseAmount.value} ${quote.purchaseAmount.currency}`}
        </dd>
        <dt>{words.subtotal}</dt>
        <dd>{fiat(quote.paymentSubtotal)}</dd>
        <dt>{messages.funds.networkFee}</dt>
        <dd>{fiat(quote.networkFee)}</dd>
        <dt>{words.providerFee}</dt>
        <dd data-testid="wf-buy-quote-fee">{fiat(quote.coinbaseFee)}</dd>
        <dt>{words.total}</dt>
        <dd data-testid="wf-buy-quote-total">{fiat(quote.paymentTotal)}</dd>
      </dl>
    </div>
  )
}

/** Where the checkout popup stands; "Continue" opens it again when the browser blocked it. */
function Checkout({ status, deps }: { status: Onramp.CheckoutStatus; deps: Onramp.Deps }) {
  const messages = useViewMessages()
  if (status.status === 'waiting')
    return (
      <p className="wf-muted" data-testid="wf-buy-waiting">
        {messages.errors.waiting}
      </p>
    )
  if (status.status === 'failed')
    return (
      <p className="wf-error" role="alert" data-testid="wf-buy-checkout-error">
        {localizeText(status.message, messages.errors)}
      </p>
    )
  if (status.status === 'blocked')
    return (
      <div className="wf-stack">
        <p className="wf-muted" data-testid="wf-buy-blocked">
          {messages.errors.popupBlocked}
        </p>
        <button
          type="button"
          className="wf-button wf-button-secondary"
          data-testid="wf-buy-continue"
          // Its own click: the popup opens synchronously here.
          onClick={() => void Onramp.resume(deps, status.url)}
        >
          {messages.buy.continue}
        </button>
      </div>
    )
  return null
}
