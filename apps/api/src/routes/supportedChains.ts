// GET /v1/supported-chains: networks the JSON-RPC proxy serves. It proxies HTTP only, so `ws` is empty.
import { type CaipNetworkId, SdkQuery, SupportedChainsResponse } from '@walletframe/protocol'
import { requireProject } from '../middleware/access.js'
import type { App, Deps, RouteDoc } from './Route.js'
import * as validate from './validate.js'

export const doc: RouteDoc = {
  method: 'get',
  path: '/v1/supported-chains',
  summary: 'CAIP-2 ids served over HTTP JSON-RPC and WebSocket',
  query: SdkQuery,
  response: SupportedChainsResponse,
  errors: [400, 401, 403, 429],
}

export function register(app: App, deps: Deps): void {
  app.get('/v1/supported-chains', requireProject(deps, { from: 'query' }), (c) => {
    validate.query(c, SdkQuery)
    return c.json({
      http: [...deps.networks.keys()] as CaipNetworkId[],
      ws: [],
    } satisfies SupportedChainsResponse)
  })
}
