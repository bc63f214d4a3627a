// POST /v1/review: the review a wallet holder reads before a request goes to any wallet (review/).
import { ReviewRequest, ReviewResponse } from '@walletframe/protocol'
import { fromChainFailure } from '../errors.js'
import { requireProject } from '../middleware/access.js'
import { review } from '../review/review.js'
import type { App, Deps, RouteDoc } from './Route.js'
import * as validate from './validate.js'

export const doc: RouteDoc = {
  method: 'post',
  path: '/v1/review',
  summary:
    'The review of a request before it is signed: the simulation of calls (a simulation that cannot run is ' +
    'said in simulationError, never as no changes), what typed data authorises, and the verdict — none, ' +
    "warning or blocked by the project's policy — with each rule's one-line reason; projectId in the body",
  body: ReviewRequest,
  response: ReviewResponse,
  errors: [400, 401, 403, 413, 429, 502],
}

export function register(app: App, deps: Deps): void {
  app.post('/v1/review', requireProject(deps, { from: 'body', maxBytes: 2 * 1024 * 1024 }), async (c) => {
    const body = validate.body(c.var.body, ReviewRequest)
    try {
      return c.json((await review(deps, c.var.project.review, body)) satisfies ReviewResponse)
    } catch (error) {
      throw fromChainFailure(body.chainId, error, 'review')
    }
  })
}
