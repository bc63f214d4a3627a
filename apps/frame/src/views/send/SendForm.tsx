// The send form itself: rendered once the network's chain family is loaded (it checks the receiver).
import { useMutation } from '@tanstack/react-query'
import type { ChainNetwork, TokenBalance } from '@walletframe/protocol'
import { use } from 'react'
import type * as SendWiring from '../../app/send.js'
import { AmountField } from '../../components/AmountField.js'
import { GuardedActions } from '../../components/GuardedActions.js'
import { ReviewRow, ReviewRows } from '../../components/ReviewRows.js'
import { useViewMessages } from '../../components/useViewMessages.js'
import * as Send from '../../core/actions/send.js'
import type * as SendRules from '../../core/send.js'
import { sendNamespaces } from '../../core/sendValidation.js'
import { messageOf } from '../../lib/errors.js'
import { formatUsd, truncateDecimal, truncateUnits } from '../../lib/format.js'
import { localizeText } from '../../locale/en/errors.js'
import { type SendView, useSend } from './useSend.js'

const tokenKey = (token: Pick<TokenBalance, 'address'> | undefined) => token?.address ?? 'native'

type Props = { flow: SendWiring.Flow; from: SendRules.Source }

export function SendForm({ flow, from }: Props) {
  const messages = useViewMessages()
  if (!sendNamespaces.has(from.network.chainNamespace))
    return (
      <p className="wf-error" role="alert" data-testid="wf-send-error">
        {messages.errors.unsupportedChain}
      </p>
    )
  return <Form flow={flow} from={from} />
}

function Form({ flow, from }: Props) {
  const { network } = from
  const chain = use(flow.chain(network.chainNamespace))
  const view = useSend(flow, from, chain)
  const send = useMutation(flow.send)
  const { form, verdict } = view
  const messages = useViewMessages()
  const { funds } = messages
  const words = messages.send
  const started = form.sendTokenAmount.trim() !== '' || form.receiverAddress.trim() !== ''
  const reported =
    (send.error ? messageOf(send.error) : undefined) ??
    view.receiverNameError ??
    (verdict.status === 'invalid' && started && view.balances === 'ready' ? verdict.message : undefined)
  const problem = reported === undefined ? undefined : localizeText(reported, messages.errors)

  return (
    <form
      className="wf-stack"
      data-testid="wf-send"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        send.mutate(view.draft)
      }}
    >
      <TokenPicker view={view} network={network} onSelect={(token) => Send.selectToken(flow.deps, token)} />
      <AmountField
        testId="wf-send-amount"
        placeholder="0.0"
        value={form.sendTokenAmount}
        onChange={(amount) => {
          send.reset()
          Send.setAmount(flow.deps, amount)
        }}
      />
      {view.token ? (
        <p className="wf-muted" data-testid="wf-send-balance">
          {funds.balance(`${truncateDecimal(view.token.quantity.numeric)} ${view.token.symbol}`)}
        </p>
      ) : null}
      <label className="wf-field">
        <span>{words.to}</span>
        <input
          className="wf-input"
          autoComplete="off"
          spellCheck={false}
          placeholder={network.chainNamespace === 'solana' ? words.solanaAddress : words.addressOrName}
          data-testid="wf-send-receiver"
          value={form.receiverAddress}
          onChange={(event) => {
            send.reset()
            Send.setReceiver(flow.deps, event.target.value)
          }}
        />
      </label>
      {view.receiverName ? (
        <p className="wf-account" data-testid="wf-send-receiver-name">
          {view.receiverName.avatar ? (
            <img className="wf-avatar" src={view.receiverName.avatar} alt="" />
          ) : (
            <span className="wf-avatar" aria-hidden="true" />
          )}
          <span className="wf-profile-name">{view.receiverName.name}</span>
          <span className="wf-muted" title={view.receiverName.address}>
            {view.receiverName.address.slice(0, 6)}…{view.receiverName.address.slice(-4)}
          </span>
        </p>
      ) : null}
      {view.receiverAccepted ? <Fee view={view} network={network} /> : null}
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
            disabled={verdict.status !== 'ready' || send.isPending || blocked}
          >
            {send.isPending ? words.sending : words.send}
          </button>
        )}
      </GuardedActions>
    </form>
  )
}

function TokenPicker(props: { view: SendView; network: ChainNetwork; onSelect(token: TokenBalance): void }) {
  const { view, network } = props
  const messages = useViewMessages()
  if (view.balances === 'loading') return <p className="wf-muted">{messages.funds.loadingBalances}</p>
  if (view.balances === 'unavailable')
    return (
      <p className="wf-error" role="alert" data-testid="wf-send-balances-unavailable">
        {messages.errors.tokenBalanceUnavailable}
      </p>
    )
  if (view.tokenBalances.length === 0)
    return (
      <p className="wf-muted" data-testid="wf-send-no-tokens">
        {messages.send.noTokens(network.name)}
      </p>
    )
  return (
    <label className="wf-field">
      <span>{messages.send.token}</span>
      <select
        className="wf-input"
        data-testid="wf-send-token"
        value={tokenKey(view.token)}
        onChange={(event) => {
          const token = view.tokenBalances.find((balance) => tokenKey(balance) === event.target.value)
          if (token) props.onSelect(token)
        }}
      >
        {view.tokenBalances.map((balance) => (
          <option key={tokenKey(balance)} value={tokenKey(balance)}>
            {balance.symbol} ({truncateDecimal(balance.quantity.numeric)})
          </option>
        ))}
      </select>
    </label>
  )
}

/** The network fee: in USD when the native currency has a price, else in the currency itself. */
function Fee({ view, network }: { view: SendView; network: ChainNetwork }) {
  const { fee } = view
  const messages = useViewMessages()
  if (fee.status !== 'ready')
    return fee.status === 'pending' ? <p className="wf-muted">{messages.send.estimatingFee}</p> : null
  const { decimals, symbol } = network.nativeCurrency
  const shown =
    view.gasPriceInUSD !== undefined && view.gasPriceInUSD > 0
      ? formatUsd(view.gasPriceInUSD)
      : `${truncateUnits(fee.fee, decimals, 9)} ${symbol}`
  return (
    <ReviewRows>
      <ReviewRow label={messages.funds.networkFee} testId="wf-send-fee">
        {shown}
      </ReviewRow>
    </ReviewRows>
  )
}
