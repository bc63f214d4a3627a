// Assembles the Hono app from its route modules: per-IP limit, CORS preflight, the routes, and one
// error handler that turns every failure into a JSON body (never a stack trace).
import type { IdentityResponse, TokenBalance } from '@walletframe/protocol'
import { WalletRegistryFile } from '@walletframe/protocol/walletRegistry'
import seedRegistry from '@walletframe/protocol/walletRegistry/registry.json' with { type: 'json' }
import { Hono } from 'hono'
import * as auth from './auth/routes.js'
import type { ApiConfig } from './Config.js'
import * as Networks from './chains/Networks.js'
import * as Prices from './chains/Prices.js'
import type { Deps, Env } from './Deps.js'
import type { Db } from './db/Database.js'
import { ApiError, NotFoundError, PayloadTooLargeError, retryAfterOf } from './errors.js'
import * as TokenIcons from './images/TokenIcons.js'
import * as TokenBucket from './internal/TokenBucket.js'
import * as TtlCache from './internal/TtlCache.js'
import * as LimitStore from './limits/LimitStore.js'
import { preflight, requireProject } from './middleware/access.js'
import { perIp } from './middleware/rateLimit.js'
import * as ProjectStore from './ProjectStore.js'
import * as analytics from './routes/analytics.js'
import * as balance from './routes/balance.js'
import * as bundlerProxy from './routes/bundlerProxy.js'
import * as convert from './routes/convert.js'
import * as gasPrice from './routes/gasPrice.js'
import * as history from './routes/history.js'
import * as identity from './routes/identity.js'
import * as images from './routes/images.js'
import * as names from './routes/names.js'
import * as nfts from './routes/nfts.js'
import * as onramp from './routes/onramp.js'
import * as openapi from './routes/openapi.js'
import * as paymasterProxy from './routes/paymasterProxy.js'
import * as price from './routes/price.js'
import * as projectConfig from './routes/projectConfig.js'
import type { App } from './routes/Route.js'
import * as review from './routes/review.js'
import * as rpcProxy from './routes/rpcProxy.js'
import * as sessions from './routes/sessions.js'
import * as simulate from './routes/simulate.js'
import * as supportedChains from './routes/supportedChains.js'
import { doc as walletsDoc, walletsRoutes } from './routes/wallets.js'

const routes = [
  supportedChains,
  projectConfig,
  balance,
  price,
  gasPrice,
  identity,
  history,
  nfts,
  rpcProxy,
  analytics,
]

export declare namespace createApi {
  type Options = {
    config: ApiConfig
    db: Db
    /** Where rate-limit state lives: in this process by default; startApi passes the shared one. */
    limitStore?: LimitStore.LimitStore
    /** fetch used for upstream RPC (tests inject faults here). */
    fetch?: typeof fetch
    /** Where unexpected errors are reported; console.error by default. */
    log?: (message: string) => void
  }
  type ReturnType = App & { deps: Deps }
}

export function createApi(options: createApi.Options): createApi.ReturnType {
  const { config, db, log = (message) => console.error(`[api] ${message}`) } = options
  const { options: settings } = config
  const limitStore = options.limitStore ?? TokenBucket.create()
  const deps: Deps = {
    config,
    db,
    networks: Networks.fromConfig(config.networks, {
      timeoutMs: settings.rpcTimeoutMs,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    }),
    prices: Prices.fromNetworks(config.networks),
    projects: ProjectStore.create(db),
    tokenIcons: TokenIcons.create(config.networks, settings.images.tokenList),
    balanceCache: TtlCache.create<TokenBalance[]>({ ttlMs: settings.balanceCacheTtlMs, maxEntries: 50_000 }),
    identityCache: TtlCache.create<IdentityResponse>({
      ttlMs: settings.identityCacheTtlMs,
      maxEntries: 50_000,
    }),
    // Both protect capacity, not secrets (each secret has a limit of its own that refuses): while
    // their store is down the API keeps serving, unlimited, rather than answering every call with 500.
    limits: {
      perProject: LimitStore.limiter(limitStore, 'project', settings.rateLimits.perProject, {
        onStoreError: 'allow',
        log,
      }),
      perIp: LimitStore.limiter(limitStore, 'ip', settings.rateLimits.perIp, { onStoreError: 'allow', log }),
    },
  }

  const app = new Hono<Env>()
  app.get('/health', (c) => c.json({ ok: true }))
  openapi.register(app, [
    ...routes.map((route) => route.doc),
    bundlerProxy.doc,
    paymasterProxy.doc,
    simulate.doc,
    review.doc,
    ...names.docs,
    ...convert.docs,
    ...sessions.docs,
    ...onramp.docs,
    ...auth.docs,
    walletsDoc,
    ...images.docs,
  ])
  app.use('*', perIp(deps))
  app.use('*', preflight(deps))
  for (const route of routes) route.register(app, deps)
  bundlerProxy.register(app, deps, options.fetch ? { fetch: options.fetch } : {})
  paymasterProxy.register(app, deps, options.fetch ? { fetch: options.fetch } : {})
  simulate.register(app, deps)
  review.register(app, deps)
  names.register(app, deps)
  convert.register(app, deps)
  sessions.register(app, deps)
  onramp.register(app, deps, options.fetch ? { fetch: options.fetch } : {})
  auth.register(app, deps, { limitStore })
  // The wallet registry is public data, but it is served per project like every other call.
  app.use('/v1/wallets', requireProject(deps, { from: 'query' }))
  // Parsed once at startup: a broken seed must stop the API, not fail per request.
  const registry = WalletRegistryFile.parse(seedRegistry)
  app.route('/', walletsRoutes({ registry }))
  images.register(app, deps, {
    wallets: registry.wallets,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  })

  app.notFound((c) => c.json(new NotFoundError(c.req.path).toJSON(), 404))
  app.onError((error, c) => {
    if (error instanceof ApiError) {
      // Every 429 says when to come back; one that cannot is a bug here, reported, never a bare 429.
      if (error.status === 429) {
        const seconds = retryAfterOf(error)
        if (seconds === undefined) log(`${error.name} (429) names no wait; make it a TooManyRequestsError`)
        c.header('retry-after', String(seconds ?? 1))
      }
      // The rest of an oversized body is still on the socket; it cannot carry another request.
      if (error instanceof PayloadTooLargeError) c.header('connection', 'close')
      return c.json(error.toJSON(), error.status)
    }
    log(`${c.req.method} ${c.req.path}: ${(error as Error).stack ?? String(error)}`)
    return c.json({ error: 'Internal error; the server log has the details', code: 'INTERNAL' }, 500)
  })
  return Object.assign(app, { deps })
}
