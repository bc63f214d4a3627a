// The review of one wallet request before it is signed: POST /v1/review with what the request asks
// (core/reviewedRequest.ts), the host page's verified origin, and the account and network it is for.
// Keyed by the request's id: a request is reviewed once, and its review is not reused for another.
import { queryOptions } from '@tanstack/react-query'
import {
  type ReviewedRequest,
  type ReviewResponse,
  ReviewResponse as ReviewResponseSchema,
} from '@walletframe/protocol'
import type { Client } from '../data/client.js'

export function review(
  api: Pick<Client, 'post'>,
  request: {
    id: string
    origin: string
    chainId: string
    from: string
    reviewed: ReviewedRequest
  },
) {
  return queryOptions({
    queryKey: ['review', request.id] as const,
    queryFn: ({ signal }): Promise<ReviewResponse> =>
      api.post(
        'v1/review',
        { origin: request.origin, chainId: request.chainId, from: request.from, request: request.reviewed },
        { schema: ReviewResponseSchema, signal },
      ),
    // The chain moves on: a review is for the moment it is read, never served from a cache later.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  })
}
