// GET /v1/wallets?page&entries&search: the wallet registry (packages/protocol/src/walletRegistry/registry.json) for the
// frame's wallet list, searchable by name and paginated. A standalone Hono app; mount it with
// `app.route('/', walletsRoutes())` behind the project middleware.
import { SdkQuery } from '@walletframe/protocol'
import {
  select,
  WalletRegistryFile,
  WalletsQuery,
  WalletsResponse,
} from '@walletframe/protocol/walletRegistry'
import seed from '@walletframe/protocol/walletRegistry/registry.json' with { type: 'json' }
import { Hono } from 'hono'
import { z } from 'zod'
import type { RouteDoc } from './Route.js'

// What the mounted route takes: the projectId, st and sv every GET takes plus the registry's own query.
const MountedQuery = z.object({ ...SdkQuery.shape, ...WalletsQuery.shape })
// The project middleware in front checks projectId; this app checks the rest.
const Query = MountedQuery.omit({ projectId: true })

export const doc: RouteDoc = {
  method: 'get',
  path: '/v1/wallets',
  summary: 'Wallets that connect with WalletConnect: deep links, universal links, chains',
  query: MountedQuery,
  response: WalletsResponse,
  errors: [400, 401, 403, 429],
}

export declare namespace walletsRoutes {
  type Options = {
    /** The registry to serve; defaults to the repo's seed file. */
    registry?: WalletRegistryFile
  }
}

export function walletsRoutes(options: walletsRoutes.Options = {}): Hono {
  // Parse the file once at startup: a broken seed must stop the API, not fail per request.
  const registry = WalletRegistryFile.parse(options.registry ?? seed)
  const app = new Hono()
  app.get('/v1/wallets', (c) => {
    const parsed = Query.safeParse(c.req.query())
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      return c.json(
        {
          error: `Invalid ${issue?.path.join('.') ?? 'query'}: ${issue?.message ?? 'malformed'}`,
          code: 'INVALID_REQUEST',
          field: issue?.path.join('.'),
        },
        400,
      )
    }
    // The registry changes only with a deploy; let browsers and CDNs keep it for an hour.
    c.header('cache-control', 'public, max-age=3600')
    return c.json(select(registry.wallets, parsed.data))
  })
  return app
}
