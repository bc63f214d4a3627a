// GET /v1/convert/gas-price: standard / fast / instant max fee per gas from the chain's fee history.
import { GasPriceQuery, GasPriceResponse } from '@walletframe/protocol'
import { readGasPrice } from '../chains/evm.js'
import { NetworkNotSupportedError, RpcResponseError, UpstreamError } from '../errors.js'
import { requireProject } from '../middleware/access.js'
import type { App, Deps, RouteDoc } from './Route.js'
import * as validate from './validate.js'

/** The wording the API contract fixes for a network without gas prices; clients may match on it. */
export const notSupported = 'Network not supported for Gas Price'

export const doc: RouteDoc = {
  method: 'get',
  path: '/v1/convert/gas-price',
  summary: 'Fee levels in wei for an EVM network',
  query: GasPriceQuery,
  response: GasPriceResponse,
  errors: [400, 401, 403, 429, 502],
}

export function register(app: App, deps: Deps): void {
  app.get('/v1/convert/gas-price', requireProject(deps, { from: 'query' }), async (c) => {
    const { chainId } = validate.query(c, GasPriceQuery)
    const entry = deps.networks.get(chainId)
    if (entry?.network.chainNamespace !== 'eip155') throw new NetworkNotSupportedError(notSupported)
    try {
      return c.json((await readGasPrice(entry.upstream)) satisfies GasPriceResponse)
    } catch (error) {
      if (error instanceof RpcResponseError)
        throw new UpstreamError(chainId, `fee history failed: ${error.message}`)
      throw error
    }
  })
}
