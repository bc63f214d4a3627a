// The review of one wallet request before it is signed: POST /v1/review with what the request asks
// (core/reviewedRequest.ts), the host page's verified origin, and the account and network it is for.
// Keyed by the request's id: a request is reviewed once, and its review is not reused for another.
// The project goes in the body too: the API reads it from there (the review's schema requires it).
import { queryOptions, skipToken } from '@tanstack/react-query'
import {
  type ReviewedRequest,
  type ReviewRequest,
  type ReviewResponse,
  ReviewResponse as ReviewResponseSchema,
} from '@walletframe/protocol'
import type { Client } from '../data/client.js'

/** The review's body but its `request`, which is `reviewed`; `id` is the waiting request's. */
export type Subject = Omit<ReviewRequest, 'request'> & { id: string; reviewed: ReviewedRequest }

/** The review of `request`; nothing is asked without an API or without a request to review. */
export function review(api: Pick<Client, 'post'> | undefined, request: Subject | undefined) {
  return queryOptions({
    queryKey: ['review', request?.id ?? null] as const,
    queryFn:
      api && request
        ? ({ signal }): Promise<ReviewResponse> =>
            api.post(
              'v1/review',
              {
                projectId: request.projectId,
                origin: request.origin,
                chainId: request.chainId,
                from: request.from,
                request: request.reviewed,
              } satisfies ReviewRequest,
              { schema: ReviewResponseSchema, signal },
            )
        : skipToken,
    // The chain moves on: a review is for the moment it is read, never served from a cache later.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  })
}
