// The swap form: the token paid in and its amount, the token paid out and what the quote pays, the
// price impact, the provider and network fees, and why the swap cannot go ahead (SPEC §5, §8, §9).
import type { ConvertToken } from '@walletframe/protocol'
import { useStore } from '../../components/useStore.js'
import * as Navigation from '../../core/actions/navigation.js'
import * as Swap from '../../core/actions/swap.js'
import type { SwapState } from '../../core/swap.js'
import { formatUsd, truncateUnits } from '../../lib/format.js'
import { formatPercent } from '../../lib/swapMath.js'
import { swapMessages } from '../../lib/swapMessages.js'

export function SwapForm({ deps }: { deps: Swap.Deps }) {
  const form = useStore(deps.swap)
  if (form.status === 'failed')
    return (
      <p className="wf-error" role="alert" data-testid="wf-swap-unavailable">
        {swapMessages.initializeFailed}
      </p>
    )
  if (form.status !== 'ready') return <p className="wf-muted">Loading tokens…</p>
  const canReview =
    !form.inputError &&
    form.toTokenAmount !== '' &&
    (form.approvalTransaction !== undefined || form.swapTransaction !== undefined)
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
        label="From"
        testId="wf-swap-source-token"
        form={form}
        value={form.sourceToken}
        onSelect={(token) => void Swap.setSourceToken(deps, token)}
      />
      <label className="wf-field">
        <span>Amount</span>
        <input
          className="wf-input"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.0"
          data-testid="wf-swap-amount"
          value={form.sourceTokenAmount}
          onChange={(event) => Swap.setAmount(deps, event.target.value)}
        />
      </label>
      {form.sourceToken ? (
        <p className="wf-muted" data-testid="wf-swap-balance">
          Balance: {truncateUnits(Swap.balanceOf(form, form.sourceToken), form.sourceToken.decimals)}{' '}
          {form.sourceToken.symbol}
        </p>
      ) : null}
      <button
        type="button"
        className="wf-link"
        data-testid="wf-swap-switch"
        onClick={() => void Swap.switchTokens(deps)}
      >
        ⇅ Switch
      </button>
      <TokenSelect
        label="To"
        testId="wf-swap-to-token"
        form={form}
        value={form.toToken}
        onSelect={(token) => void Swap.setToToken(deps, token)}
      />
      <label className="wf-field">
        <span>You receive</span>
        <input
          className="wf-input"
          readOnly
          placeholder="0.0"
          data-testid="wf-swap-to-amount"
          value={form.loadingQuote ? '' : form.toTokenAmount}
        />
      </label>
      {form.loadingQuote ? <p className="wf-muted">Getting a quote…</p> : null}
      <Details form={form} />
      {form.inputError ? (
        <p className="wf-error" role="alert" data-testid="wf-swap-error">
          {form.inputError}
        </p>
      ) : null}
      <button type="submit" className="wf-button" data-testid="wf-swap-review" disabled={!canReview}>
        {form.inputError ?? 'Review swap'}
      </button>
    </form>
  )
}

function TokenSelect(props: {
  label: string
  testId: string
  form: SwapState
  value: ConvertToken | undefined
  onSelect(token: ConvertToken): void
}) {
  const { form } = props
  return (
    <label className="wf-field">
      <span>{props.label}</span>
      <select
        className="wf-input"
        data-testid={props.testId}
        value={props.value?.address ?? ''}
        onChange={(event) => {
          const token = form.tokens.find((candidate) => candidate.address === event.target.value)
          if (token) props.onSelect(token)
        }}
      >
        <option value="" disabled>
          Select a token
        </option>
        {form.tokens.map((token) => (
          <option key={token.address} value={token.address}>
            {token.symbol}
          </option>
        ))}
      </select>
    </label>
  )
}

/** Price impact, the provider fee (kept on chain by the swap router) and the network fee. */
export function Details({ form }: { form: SwapState }) {
  if (form.toTokenAmount === '' || !form.sourceToken || !form.toToken) return null
  return (
    <dl className="wf-details" data-testid="wf-swap-details">
      <dt>Price impact</dt>
      <dd data-testid="wf-swap-price-impact">{formatPercent(form.priceImpact ?? 0)}</dd>
      <dt>Provider fee (0.85%)</dt>
      <dd data-testid="wf-swap-provider-fee">
        {form.providerFee} {form.sourceToken.symbol}
      </dd>
      <dt>Network fee</dt>
      <dd data-testid="wf-swap-network-fee">
        {form.gasPriceInUSD !== undefined ? formatUsd(form.gasPriceInUSD) : '—'}
      </dd>
      <dt>Minimum received ({form.slippage}% slippage)</dt>
      <dd data-testid="wf-swap-minimum">
        {form.maxSlippage} {form.toToken.symbol}
      </dd>
    </dl>
  )
}
