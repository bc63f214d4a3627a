// The review of a waiting request (core/review.ts), read through its query: asked once per request,
// with the host's project and verified origin and the connected account; a request the review does
// not read, or a frame without an API, has none.
import { useQuery } from '@tanstack/react-query'
import { useFrame } from '../app/context.js'
import * as Connection from '../core/connection.js'
import * as Review from '../core/review.js'
import * as ReviewQuery from '../queries/review.js'
import { useStore } from './useStore.js'

export function useRequestReview(request: Review.Waiting | undefined): {
  state: Review.State
  /** The account the review is for: whose balances its changes are. */
  from: string | undefined
} {
  const frame = useFrame()
  const session = useStore(frame.core.hostSession)
  const connection = useStore(frame.core.connection)
  const subject =
    request && frame.api
      ? Review.subjectOf(request, {
          projectId: session?.config.projectId,
          origin: session?.origin,
          account: Connection.evmAddress(connection),
        })
      : undefined
  const query = useQuery(ReviewQuery.review(frame.api, subject))
  const from = subject?.from
  if (!subject) return { state: { status: 'none' }, from }
  if (query.isError) return { state: { status: 'unavailable', reason: query.error.message }, from }
  if (query.data) return { state: { status: 'reviewed', review: query.data }, from }
  return { state: { status: 'checking' }, from }
}
