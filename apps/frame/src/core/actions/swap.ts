// The swap's actions: the form's edits (which account it is for, the tokens, the amount), sending an
// approval or a swap through the connected wallet and following it on chain, and what each outcome
// does. After an approval the allowance is read again and the swap transaction built from it; after a
// swap the amount clears, balances refresh and Account replaces the view; a failure goes back one
// view. Every failure the user sees is a toast in fixed words (core/swapMessages.ts; a failed query's
// in queries/swap.ts), with its tracking event.
import { type ConvertToken, messages } from '@walletframe/protocol'
import type { PreparedTransfer } from '../../chains/Chain.js'
import { FrameError } from '../../lib/errors.js'
import type { Core } from '../Core.js'
import * as Connection from '../connection.js'
import * as SwapForm from '../swap.js'
import { swappedMessage } from '../swapMath.js'
import { swapMessages } from '../swapMessages.js'
import * as TransactionStack from '../transactionStack.js'
import * as Navigation from './navigation.js'

/** The quote waits for the amount to stop changing for this long. */
export const quoteDebounceMs = 500

/** The swap cannot go ahead: the message says why. */
export class SwapError extends FrameError {
  override name = 'SwapError'
  constructor(message: string) {
    super('SWAP_INVALID', message)
  }
}

type Form = { swap: SwapForm.SwapStore }

/** Where a swap goes from: the active network and the connected account on it. */
export function source(core: Pick<Core, 'connection' | 'networks'>): SwapForm.Source | undefined {
  return Connection.activeAccount(core.connection.get(), core.networks.get().active)
}

/** The connected account's type on `from` (a smart account pays no gas of its own). */
export function accountType(core: Pick<Core, 'connection'>, from: SwapForm.Source) {
  const { accounts, connector } = core.connection.get()
  return Connection.accountEntries(accounts, connector?.accountTypes).find(
    (entry) => entry.address === from.address,
  )?.type
}

/** Opens the form for `from`: the same account keeps what was entered, another one starts over. */
export function open(deps: Form, from: SwapForm.Source): void {
  if (SwapForm.sameSource(deps.swap.get(), from)) return
  deps.swap.set({
    ...SwapForm.initial,
    source: { network: from.network.caipNetworkId, address: from.address },
  })
}

/** The network's tokens arrived: the form keeps the listed ones and pays in the native currency by default. */
export function listTokens(deps: Form, tokens: readonly ConvertToken[]): void {
  const form = deps.swap.get()
  const next = SwapForm.withTokens(form, tokens)
  if (next.sourceToken !== form.sourceToken || next.toToken !== form.toToken) deps.swap.set(next)
}

/** Sets the token paid in; picking the token paid out swaps the two. */
export function setSourceToken(deps: Form, token: ConvertToken): void {
  deps.swap.set((form) => ({
    ...form,
    sourceToken: token,
    toToken: form.toToken?.address === token.address ? form.sourceToken : form.toToken,
  }))
}

/** Sets the token paid out; picking the token paid in swaps the two. */
export function setToToken(deps: Form, token: ConvertToken): void {
  deps.swap.set((form) => ({
    ...form,
    toToken: token,
    sourceToken: form.sourceToken?.address === token.address ? form.toToken : form.sourceToken,
  }))
}

/** Both tokens change sides; the amount stays. */
export function switchTokens(deps: Form): void {
  deps.swap.set((form) => ({ ...form, sourceToken: form.toToken, toToken: form.sourceToken }))
}

/** Sets the amount as typed; the quote follows once it has not changed for `quoteDebounceMs`. */
export function setAmount(deps: Form, sourceTokenAmount: string): void {
  deps.swap.set((form) => ({ ...form, sourceTokenAmount }))
}

export type Deps = Pick<Core, 'connection' | 'networks' | 'toasts' | 'modal' | 'analytics'> &
  Form & {
    /** The wallet request for `tx` and how to follow it on chain (the network's chain family). */
    prepare(
      network: SwapForm.Source['network'],
      tx: SwapForm.SwapTransaction,
      from: string,
    ): Promise<PreparedTransfer>
  }

/**
 * Sends `tx` from `from` through the connected wallet and waits for the chain; rejects when either
 * fails, or when the form is no longer for `from`.
 */
export async function transact(
  deps: Deps,
  transaction: { from: SwapForm.Source; tx: SwapForm.SwapTransaction | undefined },
): Promise<string> {
  const { from, tx } = transaction
  if (!tx) throw new SwapError('The transaction is not built yet')
  const now = source(deps)
  if (!now || !SwapForm.sameSource(deps.swap.get(), now) || now.address !== from.address)
    throw new SwapError(messages.connectBeforeRequest)
  const connector = deps.connection.connector()
  if (!connector) throw new SwapError(messages.connectBeforeRequest)
  const prepared = await deps.prepare(from.network, tx, from.address)
  const answer = await connector.request({
    method: prepared.method,
    params: prepared.params,
    network: from.network.caipNetworkId,
  })
  return prepared.confirm(answer)
}

/** What the success message says: the amount paid in, and what the quote pays out. */
export type Swapped = {
  readonly sourceToken: ConvertToken
  readonly toToken: ConvertToken
  readonly sourceAmount: string
  readonly toUnits: bigint
}

/**
 * The swap is on chain: the success toast (the to-amount in 3 decimals), the amount cleared, Account
 * in place of the view (beneath any approvals the embedded wallet still has on screen).
 */
export function swapped(deps: Deps, summary: Swapped): void {
  track(deps, 'SWAP_SUCCESS')
  deps.toasts.success(
    swappedMessage({
      sourceAmount: summary.sourceAmount.trim(),
      sourceSymbol: summary.sourceToken.symbol,
      toUnits: summary.toUnits,
      toDecimals: summary.toToken.decimals,
      toSymbol: summary.toToken.symbol,
    }),
  )
  deps.swap.set((form) => ({ ...form, sourceTokenAmount: '' }))
  deps.modal.setStack(TransactionStack.swapFinished(deps.modal.get().stack))
}

/** Sending the approval or the swap failed: "Transaction error", tracked with the reason, and back one view. */
export function transactionFailed(
  deps: Deps,
  error: unknown,
  event: 'SWAP_ERROR' | 'SWAP_APPROVAL_ERROR',
): void {
  report('transaction', error)
  track(
    deps,
    event,
    `${swapMessages.transactionError}: ${error instanceof Error ? error.message : String(error)}`,
  )
  deps.toasts.error(swapMessages.transactionError)
  Navigation.back(deps)
}

/** A step the form needs could not be had from the API: a toast in its words and its tracking event. */
export function stepFailed(
  deps: Pick<Deps, 'analytics' | 'swap' | 'networks' | 'toasts'>,
  failure: { message: string; event: 'SWAP_ERROR' | 'SWAP_APPROVAL_ERROR' },
  error: unknown,
): void {
  report(failure.message, error)
  deps.toasts.error(failure.message)
  track(deps, failure.event, failure.message)
}

/** The network's tokens have no price for its native currency: the fees cannot be shown in USD. */
export function networkPriceMissing(deps: Pick<Deps, 'toasts'>): void {
  deps.toasts.error(swapMessages.networkPriceFailed)
}

/** The tracking event of a swap step, with the form as it stands. */
function track(
  deps: Pick<Deps, 'analytics' | 'swap' | 'networks'>,
  event: 'SWAP_SUCCESS' | 'SWAP_ERROR' | 'SWAP_APPROVAL_ERROR',
  message = '',
): void {
  const form = deps.swap.get()
  deps.analytics.track({
    event,
    properties: {
      network: deps.networks.get().active?.caipNetworkId ?? '',
      swapFromToken: form.sourceToken?.symbol ?? '',
      swapToToken: form.toToken?.symbol ?? '',
      swapFromAmount: form.sourceTokenAmount.trim(),
      message,
    },
  })
}

function report(step: string, error: unknown): void {
  // The toast has fixed words; the reason goes to the console for whoever debugs it.
  console.error(`[walletframe] swap failed (${step}):`, error)
}
