// The send form itself: rendered once the network's chain family is loaded (it checks the receiver).
import type { ChainNetwork, TokenBalance } from '@walletframe/protocol'
import { use, useState } from 'react'
import { GuardedActions } from '../../components/GuardedActions.js'
import { useStore } from '../../components/useStore.js'
import * as Send from '../../core/actions/send.js'
import type { SendState } from '../../core/send.js'
import { accountMessages } from '../../lib/accountMessages.js'
import { messageOf } from '../../lib/errors.js'
import { formatUsd, truncateDecimal, truncateUnits } from '../../lib/format.js'
import { sendNamespaces } from '../../lib/sendValidation.js'
import { chainFor } from './deps.js'

const tokenKey = (token: Pick<TokenBalance, 'address'> | undefined) => token?.address ?? 'native'

export function SendForm({ deps, network }: { deps: Send.Deps; network: ChainNetwork }) {
  if (!sendNamespaces.has(network.chainNamespace))
    return (
      <p className="wf-error" role="alert" data-testid="wf-send-error">
        {accountMessages.unsupportedChain}
      </p>
    )
  return <Form deps={deps} network={network} />
}

function Form({ deps, network }: { deps: Send.Deps; network: ChainNetwork }) {
  const chain = use(chainFor(network.chainNamespace))
  const form = useStore(deps.send)
  const [sendError, setSendError] = useState<string>()
  const verdict = Send.check(deps, chain)
  const receiverAccepted = chain?.isAddress(Send.receiverOf(form)) ?? false
  const started = form.sendTokenAmount.trim() !== '' || form.receiverAddress.trim() !== ''
  const problem =
    sendError ??
    form.receiverNameError ??
    (verdict?.status === 'invalid' && started && form.balances === 'ready' ? verdict.message : undefined)

  function submit() {
    setSendError(undefined)
    Send.send(deps).catch((error: unknown) => setSendError(messageOf(error)))
  }

  return (
    <form
      className="wf-stack"
      data-testid="wf-send"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
    >
      <TokenPicker form={form} network={network} onSelect={(token) => void Send.selectToken(deps, token)} />
      <label className="wf-field">
        <span>Amount</span>
        <input
          className="wf-input"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.0"
          data-testid="wf-send-amount"
          value={form.sendTokenAmount}
          onChange={(event) => {
            setSendError(undefined)
            Send.setAmount(deps, event.target.value)
          }}
        />
      </label>
      {form.token ? (
        <p className="wf-muted" data-testid="wf-send-balance">
          Balance: {truncateDecimal(form.token.quantity.numeric)} {form.token.symbol}
        </p>
      ) : null}
      <label className="wf-field">
        <span>To</span>
        <input
          className="wf-input"
          autoComplete="off"
          spellCheck={false}
          placeholder={network.chainNamespace === 'solana' ? 'Solana address' : '0x… address or name'}
          data-testid="wf-send-receiver"
          value={form.receiverAddress}
          onChange={(event) => {
            setSendError(undefined)
            void Send.setReceiver(deps, event.target.value)
          }}
        />
      </label>
      {form.receiverProfileName && form.receiverResolvedAddress ? (
        <p className="wf-account" data-testid="wf-send-receiver-name">
          {form.receiverProfileImageUrl ? (
            <img className="wf-avatar" src={form.receiverProfileImageUrl} alt="" />
          ) : (
            <span className="wf-avatar" aria-hidden="true" />
          )}
          <span className="wf-profile-name">{form.receiverProfileName}</span>
          <span className="wf-muted" title={form.receiverResolvedAddress}>
            {form.receiverResolvedAddress.slice(0, 6)}…{form.receiverResolvedAddress.slice(-4)}
          </span>
        </p>
      ) : null}
      {receiverAccepted ? <Fee form={form} network={network} /> : null}
      {problem ? (
        <p className="wf-error" role="alert" data-testid="wf-send-error">
          {problem}
        </p>
      ) : null}
      <GuardedActions>
        {(blocked) => (
          <button
            type="submit"
            className="wf-button"
            data-testid="wf-send-submit"
            disabled={verdict?.status !== 'ready' || form.loading || blocked}
          >
            {form.loading ? 'Sending…' : 'Send'}
          </button>
        )}
      </GuardedActions>
    </form>
  )
}

function TokenPicker(props: { form: SendState; network: ChainNetwork; onSelect(token: TokenBalance): void }) {
  const { form, network } = props
  if (form.balances === 'loading') return <p className="wf-muted">Loading balances…</p>
  if (form.balances === 'unavailable')
    return (
      <p className="wf-error" role="alert" data-testid="wf-send-balances-unavailable">
        {accountMessages.tokenBalanceUnavailable}
      </p>
    )
  if (form.tokenBalances.length === 0)
    return (
      <p className="wf-muted" data-testid="wf-send-no-tokens">
        This account holds no tokens on {network.name}.
      </p>
    )
  return (
    <label className="wf-field">
      <span>Token</span>
      <select
        className="wf-input"
        data-testid="wf-send-token"
        value={tokenKey(form.token)}
        onChange={(event) => {
          const token = form.tokenBalances.find((balance) => tokenKey(balance) === event.target.value)
          if (token) props.onSelect(token)
        }}
      >
        {form.tokenBalances.map((balance) => (
          <option key={tokenKey(balance)} value={tokenKey(balance)}>
            {balance.symbol} ({truncateDecimal(balance.quantity.numeric)})
          </option>
        ))}
      </select>
    </label>
  )
}

/** The network fee: in USD when the native currency has a price, else in the currency itself. */
function Fee({ form, network }: { form: SendState; network: ChainNetwork }) {
  const { fee } = form
  if (fee.status !== 'ready')
    return fee.status === 'pending' ? <p className="wf-muted">Estimating the network fee…</p> : null
  const { decimals, symbol } = network.nativeCurrency
  const shown =
    form.gasPriceInUSD !== undefined && form.gasPriceInUSD > 0
      ? formatUsd(form.gasPriceInUSD)
      : `${truncateUnits(fee.fee, decimals, 9)} ${symbol}`
  return (
    <p className="wf-muted" data-testid="wf-send-fee">
      Network fee: {shown}
    </p>
  )
}
