// POST /v1/fungible/price: USD prices of tokens by CAIP-10 id, from the configured price source.
import { FungiblePriceRequest, FungiblePriceResponse } from '@walletframe/protocol'
import { InvalidRequestError, RateLimitedError } from '../errors.js'
import { resolve } from '../middleware/access.js'
import type { App, Deps, RouteDoc } from './Route.js'
import * as validate from './validate.js'

export const doc: RouteDoc = {
  method: 'post',
  path: '/v1/fungible/price',
  summary: 'USD prices of fungible tokens (SPEC §7); projectId in the body, or the query for CORS preflight',
  body: FungiblePriceRequest,
  response: FungiblePriceResponse,
  errors: [400, 401, 403, 413, 429],
}

export function register(app: App, deps: Deps): void {
  app.post('/v1/fungible/price', async (c) => {
    const raw = await validate.json(c, 64 * 1024)
    const fromQuery = c.req.query('projectId')
    const fromBody =
      raw && typeof raw === 'object' && 'projectId' in raw && typeof raw.projectId === 'string'
        ? raw.projectId
        : undefined
    if (fromQuery && fromBody && fromQuery !== fromBody) {
      throw new InvalidRequestError(
        'Invalid body.projectId: differs from the projectId in the query',
        'body.projectId',
      )
    }
    const project = await resolve(deps, fromBody ?? fromQuery, c)
    const wait = await deps.limits.perProject.take(project.id)
    if (wait > 0) throw new RateLimitedError(wait, 'project')
    const request = validate.body(raw, FungiblePriceRequest)
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
