// The swap form: the token paid in and its amount, the token paid out and what the quote pays, the
// price impact, the provider and network fees, and why the swap cannot go ahead.
import type { ConvertToken } from '@walletframe/protocol'
import type * as SwapWiring from '../../app/swap.js'
import { AmountField } from '../../components/AmountField.js'
import { ReviewRow, ReviewRows } from '../../components/ReviewRows.js'
import { useLocale } from '../../components/useMessages.js'
import { useViewMessages } from '../../components/useViewMessages.js'
import * as Navigation from '../../core/actions/navigation.js'
import * as Swap from '../../core/actions/swap.js'
import * as SwapRules from '../../core/swap.js'
import { formatPercent } from '../../core/swapMath.js'
import { formatUsd, truncateUnits } from '../../lib/format.js'
import { percentOf } from '../../lib/localeNumbers.js'
import { localizeText } from '../../locale/en/errors.js'
import * as Swaps from '../../queries/swap.js'
import { type SwapView, useSwap } from './useSwap.js'

export function SwapForm({ flow, from }: { flow: SwapWiring.Flow; from: SwapRules.Source }) {
  const { deps } = flow
  const view = useSwap(flow, from)
  const { form } = view
  const messages = useViewMessages()
  const { funds, swap: words } = messages
  const inputError = view.inputError && localizeText(view.inputError, messages.errors)
  if (view.status === 'failed')
    return (
      <p className="wf-error" role="alert" data-testid="wf-swap-unavailable">
        {localizeText(Swaps.failures.initialize, messages.errors)}
      </p>
    )
  if (view.status !== 'ready') return <p className="wf-muted">{words.loadingTokens}</p>
  const canReview =
    !view.inputError && view.quoted !== undefined && (view.approval !== undefined || view.swap !== undefined)
  return (
    <form
      className="wf-stack"
      data-testid="wf-swap"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        if (canReview) Navigation.push(deps, 'SwapPreview')
      }}
    >
      <TokenSelect
        label={words.from}
        testId="wf-swap-source-token"
        tokens={view.tokens}
        value={form.sourceToken}
        onSelect={(token) => Swap.setSourceToken(deps, token)}
      />
      <AmountField
        testId="wf-swap-amount"
        placeholder="0.0"
        value={form.sourceTokenAmount}
        onChange={(amount) => Swap.setAmount(deps, amount)}
      />
      {form.sourceToken ? (
        <p className="wf-muted" data-testid="wf-swap-balance">
          {funds.balance(
            `${truncateUnits(SwapRules.balanceOf(view.balances, form.sourceToken), form.sourceToken.decimals)} ${form.sourceToken.symbol}`,
          )}
        </p>
      ) : null}
      <button
        type="button"
        className="wf-link"
        data-testid="wf-swap-switch"
        onClick={() => Swap.switchTokens(deps)}
      >
        {words.switch}
      </button>
      <TokenSelect
        label={words.to}
        testId="wf-swap-to-token"
        tokens={view.tokens}
        value={form.toToken}
        onSelect={(token) => Swap.setToToken(deps, token)}
      />
      <label className="wf-field">
        <span>{funds.youReceive}</span>
        <input
          className="wf-input"
          readOnly
          placeholder="0.0"
          data-testid="wf-swap-to-amount"
          value={view.quoted?.toTokenAmount ?? ''}
        />
      </label>
      {view.loadingQuote ? <p className="wf-muted">{funds.gettingQuote}</p> : null}
      <Details view={view} />
      {inputError ? (
        <p className="wf-error" role="alert" data-testid="wf-swap-error">
          {inputError}
        </p>
      ) : null}
      <button type="submit" className="wf-button" data-testid="wf-swap-review" disabled={!canReview}>
        {inputError || words.review}
      </button>
    </form>
  )
}

function TokenSelect(props: {
  label: string
  testId: string
  tokens: readonly ConvertToken[]
  value: ConvertToken | undefined
  onSelect(token: ConvertToken): void
}) {
  const words = useViewMessages().swap
  return (
    <label className="wf-field">
      <span>{props.label}</span>
      <select
        className="wf-input"
        data-testid={props.testId}
        value={props.value?.address ?? ''}
        onChange={(event) => {
          const token = props.tokens.find((candidate) => candidate.address === event.target.value)
          if (token) props.onSelect(token)
        }}
      >
        <option value="" disabled>
          {words.selectToken}
        </option>
        {props.tokens.map((token) => (
          <option key={token.address} value={token.address}>
            {token.symbol}
          </option>
        ))}
      </select>
    </label>
  )
}

/** Price impact, the provider fee (kept on chain by the swap router) and the network fee. */
export function Details({ view }: { view: SwapView }) {
  const { quoted, form } = view
  const messages = useViewMessages()
  const locale = useLocale()
  if (!quoted || !form.sourceToken || !form.toToken) return null
  const words = messages.swap
  return (
    <ReviewRows testId="wf-swap-details">
      <ReviewRow label={words.priceImpact} testId="wf-swap-price-impact">
        {formatPercent(quoted.priceImpact)}
      </ReviewRow>
      <ReviewRow label={words.providerFee(percentOf(0.85, locale))} testId="wf-swap-provider-fee">
        {quoted.providerFee} {form.sourceToken.symbol}
      </ReviewRow>
      <ReviewRow label={messages.funds.networkFee} testId="wf-swap-network-fee">
        {formatUsd(quoted.gasPriceInUSD)}
      </ReviewRow>
      <ReviewRow label={words.minimumReceived(percentOf(form.slippage, locale))} testId="wf-swap-minimum">
        {quoted.maxSlippage} {form.toToken.symbol}
      </ReviewRow>
    </ReviewRows>
  )
}
