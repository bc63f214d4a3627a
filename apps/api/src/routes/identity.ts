// GET /v1/identity/{address}: ENS name and avatar, from networks that configure an ENS universal
// resolver (contracts.ensUniversalResolver), cached per address for options.identityCacheTtlMs (5 min
// by default). Without an ENS name, the address's newest name registered with this API (routes/names.ts).
import { IdentityQuery, IdentityResponse } from '@walletframe/protocol'
import { z } from 'zod'
import { readEnsIdentity } from '../chains/evm.js'
import * as Names from '../db/names.js'
import { fromChainFailure, InvalidRequestError } from '../errors.js'
import { requireProject } from '../middleware/access.js'
import { parseAccount } from './addresses.js'
import type { App, Deps, RouteDoc } from './Route.js'
import * as validate from './validate.js'

const Params = z.object({ address: z.string().max(128) })

export const noRegistryNote =
  'No configured network has an ENS registry (contracts.ensUniversalResolver), so names are not resolved'

export const doc: RouteDoc = {
  method: 'get',
  path: '/v1/identity/{address}',
  summary: 'ENS name and avatar of an EVM address',
  params: Params,
  query: IdentityQuery,
  response: IdentityResponse,
  errors: [400, 401, 403, 429, 502],
}

export function register(app: App, deps: Deps): void {
  app.get('/v1/identity/:address', requireProject(deps, { from: 'query' }), async (c) => {
    const { address } = validate.params(c, Params)
    const query = validate.query(c, IdentityQuery)
    const account = parseAccount(address, 'address')
    if (account.namespace !== 'eip155') {
      throw new InvalidRequestError('Invalid address: identity is resolved for EVM addresses only', 'address')
    }
    const candidates = [...deps.networks.values()].filter(
      (entry) =>
        entry.network.chainNamespace === 'eip155' &&
        entry.network.contracts.ensUniversalResolver &&
        (!query.chainId || entry.network.caipNetworkId === query.chainId),
    )
    // An ENS name wins; without one, the address's newest name registered here (POST
    // /v1/profile/account). That read is not cached: a name just registered must show at once.
    const registered = async (): Promise<IdentityResponse | undefined> => {
      const [row] = await Names.byAddress(deps.db, account.address, 1)
      return row && { name: row.name, avatar: avatarOf(row.attributes) }
    }
    const entry = candidates[0]
    if (!entry) {
      return c.json(
        (await registered()) ??
          ({ name: null, avatar: null, note: noRegistryNote } satisfies IdentityResponse),
      )
    }
    const key = `${entry.network.caipNetworkId}:${account.address}`
    let identity = deps.identityCache.get(key)
    if (!identity) {
      try {
        identity = await readEnsIdentity(entry.upstream, entry.network, account.address)
      } catch (error) {
        throw fromChainFailure(entry.network.caipNetworkId, error, 'ENS lookup failed', 'address')
      }
      deps.identityCache.set(key, identity)
    }
    return c.json(identity.name ? identity : ((await registered()) ?? identity))
  })
}

/** The `avatar` attribute when a browser may load it as an image (the same rule as ENS avatars). */
function avatarOf(attributes: Record<string, string>): string | null {
  const avatar = attributes.avatar
  return avatar && /^(https?:|data:image\/)/.test(avatar) ? avatar : null
}
