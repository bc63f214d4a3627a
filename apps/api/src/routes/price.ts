// POST /v1/fungible/price: USD prices of tokens by CAIP-10 id, from the configured price source.
import { FungiblePriceRequest, FungiblePriceResponse } from '@walletframe/protocol'
import { requireProject } from '../middleware/access.js'
import type { App, Deps, RouteDoc } from './Route.js'
import * as validate from './validate.js'

export const doc: RouteDoc = {
  method: 'post',
  path: '/v1/fungible/price',
  summary: 'USD prices of fungible tokens; projectId in the body, or the query for CORS preflight',
  body: FungiblePriceRequest,
  response: FungiblePriceResponse,
  errors: [400, 401, 403, 413, 429],
}

export function register(app: App, deps: Deps): void {
  app.post('/v1/fungible/price', requireProject(deps, { from: 'body', maxBytes: 64 * 1024 }), (c) => {
    const request = validate.body(c.var.body, FungiblePriceRequest)
    const fungibles = request.addresses.flatMap((address) => {
      const found = deps.prices.lookup(address)
      return found
        ? [
            {
              address,
              name: found.name,
              symbol: found.symbol,
              iconUrl: found.iconUrl,
              price: found.price,
              decimals: found.decimals,
            },
          ]
        : []
    })
    return c.json({ fungibles } satisfies FungiblePriceResponse)
  })
}
