// The review before signing, as the approval uses it: what to ask the API about a waiting request
// (its reviewed content, network, account and the host's verified origin), and what the answer lets
// the user do — approve, approve once they confirm a warning, or nothing when the project blocks it.
import type { ReviewResponse } from '@walletframe/protocol'
import type { Subject } from '../queries/review.js'
import { reviewedRequestOf } from './reviewedRequest.js'

const evmAddress = /^0x[0-9a-fA-F]{40}$/
const caip2Evm = /^eip155:\d{1,20}$/
const caip2Solana = /^solana:[1-9A-HJ-NP-Za-km-z]{32}$/
const solanaAddress = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

/** A waiting request as the review reads it (the connectors' PendingRequest). */
export type Waiting = {
  readonly id: number
  readonly method: string
  readonly params?: unknown
  /** The CAIP-2 network it is for. */
  readonly network?: string | undefined
}

/** The account a request names as its signer or sender, where it names one. */
function namedAccount(method: string, params: unknown): unknown {
  const list = Array.isArray(params) ? params : []
  if (method === 'personal_sign') return list[1]
  if (method === 'eth_signTypedData_v4') return list[0]
  if (method === 'eth_sendTransaction' || method === 'wallet_sendCalls')
    return (list[0] as { from?: unknown } | undefined)?.from
  return undefined
}

/**
 * The review of `request`, or undefined when there is none to ask for: not an EVM request the review
 * reads (reviewedRequest.ts), or nothing yet of the host (project, origin) or of the account.
 */
export function subjectOf(
  request: Waiting,
  context: {
    /** The host's project. */
    projectId: string | undefined
    /** The host page's origin, as the handshake verified it (never what the request says). */
    origin: string | undefined
    /** The connection's selected EVM account: the signer when the request names none. */
    account: string | undefined
    /** The connection's Solana account on the request's network: the signer of a Solana transaction. */
    solanaAccount?: string | undefined
  },
): Subject | undefined {
  const reviewed = reviewedRequestOf(request.method, request.params)
  const { projectId, origin } = context
  if (reviewed?.kind === 'solanaTransaction') {
    const from = context.solanaAccount
    if (!projectId || !origin || !request.network || !caip2Solana.test(request.network)) return undefined
    if (!from || !solanaAddress.test(from)) return undefined
    return {
      id: String(request.id),
      projectId,
      origin,
      chainId: request.network as Subject['chainId'],
      from,
      reviewed,
    }
  }
  if (!reviewed || !projectId || !origin || !request.network || !caip2Evm.test(request.network))
    return undefined
  const named = namedAccount(request.method, request.params)
  const from = typeof named === 'string' && evmAddress.test(named) ? named : context.account
  if (!from || !evmAddress.test(from)) return undefined
  return {
    id: String(request.id),
    projectId,
    origin,
    chainId: request.network as Subject['chainId'],
    from,
    reviewed,
  }
}

/** Where the review of a waiting request is. */
export type State =
  /** Nothing to review (see subjectOf), or no API to review it. */
  | { readonly status: 'none' }
  | { readonly status: 'checking' }
  /**
   * The API did not answer, refused, or answered too late: the review is unavailable, and approving is
   * too only where the project's deny list names a counterparty of the request (`denied`).
   */
  | { readonly status: 'unavailable'; readonly reason: string; readonly denied: readonly string[] }
  | { readonly status: 'reviewed'; readonly review: ReviewResponse }

/** What the review says it said when it passed its deadline (reviewFallback.ts). */
export const lateReason = 'The review took too long.'

/**
 * Where the review of a request is, from its query and the frame's own deny-list check (`denied`:
 * undefined when the frame cannot read the request). Past its deadline (`late`), a review still out
 * is unavailable — but only for a request the frame could check: one it cannot read waits on.
 */
export function stateOf(input: {
  readonly asked: boolean
  readonly review?: ReviewResponse | undefined
  readonly error?: Error | null | undefined
  readonly late: boolean
  readonly denied: readonly string[] | undefined
}): State {
  if (!input.asked) return { status: 'none' }
  if (input.review) return { status: 'reviewed', review: input.review }
  if (input.error) return { status: 'unavailable', reason: input.error.message, denied: input.denied ?? [] }
  if (input.late && input.denied !== undefined)
    return { status: 'unavailable', reason: lateReason, denied: input.denied }
  return { status: 'checking' }
}

/**
 * What the user may do: `approve`; `wait` while the review runs (an Approve before it arrives would
 * skip the block it may bring); `confirm` a warning first (the "I understand the risk" tick);
 * nothing but dismiss when `blocked`.
 */
export type Gate = 'approve' | 'wait' | 'confirm' | 'blocked'

export function gateOf(state: State, confirmed: boolean): Gate {
  if (state.status === 'checking') return 'wait'
  if (state.status === 'unavailable') return state.denied.length > 0 ? 'blocked' : 'approve'
  if (state.status !== 'reviewed') return 'approve'
  const { level } = state.review.verdict
  if (level === 'blocked') return 'blocked'
  if (level === 'warning' && !confirmed) return 'confirm'
  return 'approve'
}
