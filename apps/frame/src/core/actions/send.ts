// The send's actions: the form's edits (which account it is for, the token, the amount, the
// receiver) and the send itself. The chain family of the active network builds the wallet request
// and follows the transaction; the active connector sends it; the view goes to Account meanwhile.
import { type ChainNetwork, messages, type TokenBalance } from '@walletframe/protocol'
import type { Chain, PreparedTransfer, Transfer } from '../../chains/Chain.js'
import { FrameError, messageOf } from '../../lib/errors.js'
import { accountMessages } from '../accountMessages.js'
import type { Core } from '../Core.js'
import * as Connection from '../connection.js'
import * as SendForm from '../send.js'
import * as SendValidation from '../sendValidation.js'
import * as Navigation from './navigation.js'

type Form = Pick<Core, 'send'>

/** The form cannot send: the message says why. */
export class SendError extends FrameError {
  override name = 'SendError'
  constructor(message: string) {
    super('SEND_INVALID', message)
  }
}

/** Where a send goes from: the active network and the connected account on it. */
export function source(core: Pick<Core, 'connection' | 'networks'>): SendForm.Source | undefined {
  return Connection.activeAccount(core.connection.get(), core.networks.get().active)
}

/** The connected account's type on `from` (a smart account pays no gas of its own). */
export function accountType(core: Pick<Core, 'connection'>, from: SendForm.Source) {
  const { accounts, connector } = core.connection.get()
  return Connection.accountEntries(accounts, connector?.accountTypes).find(
    (entry) => entry.address === from.address,
  )?.type
}

/** Opens the form for `from`: the same account keeps what was entered, another one starts over. */
export function open(deps: Form, from: SendForm.Source): void {
  if (SendForm.sameSource(deps.send.get(), from)) return
  deps.send.set({
    ...SendForm.initial,
    source: { network: from.network.caipNetworkId, address: from.address },
  })
}

export function selectToken(deps: Form, token: TokenBalance): void {
  deps.send.set((form) => ({ ...form, token }))
}

export function setAmount(deps: Form, sendTokenAmount: string): void {
  deps.send.set((form) => ({ ...form, sendTokenAmount }))
}

export function setReceiver(deps: Form, receiverAddress: string): void {
  deps.send.set((form) => ({ ...form, receiverAddress }))
}

export type Deps = Pick<Core, 'send' | 'connection' | 'networks' | 'toasts' | 'modal' | 'analytics'> & {
  /** Balances changed on chain: the account's queries read again. */
  refreshBalances(network: ChainNetwork, address: string): Promise<void>
}

/** What the form holds beyond its store, as the view read it from the queries. */
export type Draft = {
  readonly from: SendForm.Source
  /** The network's chain family, once loaded. */
  readonly chain: Chain | undefined
  readonly token: TokenBalance | undefined
  /** The receiver's address (a name resolved). */
  readonly receiver: string
  readonly balances: readonly TokenBalance[]
  readonly fee: SendValidation.FeeEstimate
}

/**
 * Sends what the form holds: the namespace picks the flow (eip155, solana, else "Unsupported
 * chain"); the view goes to Account; the wallet's answer shows "Transaction started" and clears the
 * form; once the transaction is confirmed the balances read again. A failure is a toast: "Something
 * went wrong" on EVM, "Failed to send transaction. Please try again." on Solana. Rejects with a
 * SendError, sending nothing, when the form cannot send.
 */
export async function send(deps: Deps, draft: Draft): Promise<void> {
  const now = source(deps)
  const { from, chain } = draft
  if (!now || now.address !== from.address || now.network.caipNetworkId !== from.network.caipNetworkId)
    throw new SendError(messages.connectBeforeRequest)
  const { network, address } = from
  if (!SendValidation.sendNamespaces.has(network.chainNamespace))
    throw new SendError(accountMessages.unsupportedChain)
  const form = deps.send.get()
  const result = SendForm.verdict({
    network,
    chain,
    token: draft.token,
    amount: form.sendTokenAmount,
    receiver: draft.receiver,
    balances: draft.balances,
    fee: draft.fee,
    accountType: accountType(deps, from),
  })
  if (result.status === 'invalid') throw new SendError(result.message)
  if (result.status === 'estimating' || !chain || !draft.token)
    throw new SendError('The network fee is not known yet')
  const connector = deps.connection.connector()
  if (!connector) throw new SendError(messages.connectBeforeRequest)
  const failed =
    network.chainNamespace === 'eip155' ? accountMessages.evmSendFailed : accountMessages.solanaSendFailed
  const transfer: Transfer = {
    from: address,
    to: draft.receiver,
    token: SendForm.tokenAddress(draft.token),
    amount: result.amount,
    decimals: Number(draft.token.quantity.decimals),
  }
  const tracked = { network: network.caipNetworkId, token: draft.token.symbol, amount: form.sendTokenAmount }

  Navigation.reset(deps, 'Account')
  let prepared: PreparedTransfer
  let answer: unknown
  try {
    prepared = await chain.prepareTransfer(network, transfer)
    answer = await connector.request({
      method: prepared.method,
      params: prepared.params,
      network: network.caipNetworkId,
    })
  } catch (error) {
    deps.analytics.track({ event: 'SEND_ERROR', properties: { ...tracked, message: messageOf(error) } })
    return report(deps, failed, error)
  }
  deps.toasts.success(accountMessages.transactionStarted)
  deps.send.set((current) => ({ ...SendForm.initial, source: current.source }))
  try {
    await prepared.confirm(answer)
  } catch (error) {
    deps.analytics.track({ event: 'SEND_ERROR', properties: { ...tracked, message: messageOf(error) } })
    return report(deps, failed, error)
  }
  deps.analytics.track({ event: 'SEND_SUCCESS', properties: tracked })
  await deps.refreshBalances(network, address)
}

function report(deps: Pick<Deps, 'toasts'>, message: string, error: unknown) {
  // The toast has fixed words; the reason goes to the console for whoever debugs it.
  console.error('[walletframe] send failed:', error)
  deps.toasts.error(message)
}
