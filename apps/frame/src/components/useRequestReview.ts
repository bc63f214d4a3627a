// The review of a waiting request (core/review.ts), read through its query: asked once per request,
// with the host's project and verified origin and the connected account; a request the review does
// not read, or a frame without an API, has none. With it, what the user may do (Review.gateOf): the
// "I understand the risk" tick is for the request it was given on alone, and a blocked request is
// handed to `onBlocked` once, so that the wallet side refuses it whatever the view does next.
import { useQuery } from '@tanstack/react-query'
import type { ChainNetwork } from '@walletframe/protocol'
import { useEffect, useMemo, useState } from 'react'
import { useFrame } from '../app/context.js'
import * as Connection from '../core/connection.js'
import * as Review from '../core/review.js'
import * as ReviewFallback from '../core/reviewFallback.js'
import * as ReviewQuery from '../queries/review.js'
import { useStore } from './useStore.js'

export function useRequestReview(
  request: Review.Waiting | undefined,
  onBlocked: (id: number) => void,
): {
  state: Review.State
  /** The account the review is for: whose balances its changes are. */
  from: string | undefined
  gate: Review.Gate
  /** Whether the user ticked "I understand the risk" for this request. */
  confirmed: boolean
  confirm(confirmed: boolean): void
} {
  const frame = useFrame()
  const session = useStore(frame.core.hostSession)
  const connection = useStore(frame.core.connection)
  const [confirmedId, setConfirmedId] = useState<number>()
  const subject =
    request && frame.api
      ? Review.subjectOf(request, {
          projectId: session?.config.projectId,
          origin: session?.origin,
          account: Connection.evmAddress(connection),
          solanaAccount:
            connection.status === 'connected' && request.network?.startsWith('solana:')
              ? Connection.addressOn(connection.accounts, {
                  caipNetworkId: request.network as ChainNetwork['caipNetworkId'],
                  chainNamespace: 'solana',
                })
              : undefined,
        })
      : undefined
  const query = useQuery(ReviewQuery.review(frame.api, subject))
  const denied = useMemo(
    () => (request ? ReviewFallback.deniedIn(session?.denyList, request) : undefined),
    [request, session?.denyList],
  )
  // The review's own deadline, per request: past it, a review still out is said to be unavailable.
  const [lateId, setLateId] = useState<number>()
  const id = request?.id
  const outstanding = subject !== undefined && !query.data && !query.isError
  useEffect(() => {
    if (!outstanding || id === undefined) return
    const timer = setTimeout(() => setLateId(id), ReviewFallback.reviewDeadlineMs)
    return () => clearTimeout(timer)
  }, [outstanding, id])
  const state = Review.stateOf({
    asked: subject !== undefined,
    review: query.data,
    error: query.error,
    late: id !== undefined && lateId === id,
    denied,
  })
  const confirmed = id !== undefined && confirmedId === id
  const gate = Review.gateOf(state, confirmed)
  useEffect(() => {
    if (gate === 'blocked' && id !== undefined) onBlocked(id)
  }, [gate, id, onBlocked])
  return {
    state,
    from: subject?.from,
    gate,
    confirmed,
    confirm: (next) => setConfirmedId(next ? id : undefined),
  }
}
