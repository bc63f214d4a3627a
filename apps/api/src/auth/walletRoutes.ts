// The wallet's HTTP surface under /v1/auth/wallet: store a new wallet's shares, fetch the shares the
// API keeps. Both need the session (Bearer) and the session's device key signing the call; a per-IP
// limit in the shared store comes first (walletLimit.ts).
import {
  SdkQuery,
  WalletCreated,
  WalletCreateRequest,
  WalletShares,
  WalletSharesRequest,
} from '@walletframe/protocol'
import type { Context as HonoContext, MiddlewareHandler } from 'hono'
import type { z } from 'zod'
import type { App, RouteDoc } from '../routes/Route.js'
import * as validate from '../routes/validate.js'
import * as Sessions from './sessions.js'
import * as Wallet from './wallet.js'
import * as WalletLimit from './walletLimit.js'

const bodyLimit = 16 * 1024
const errors = [400, 401, 403, 413, 429]

export const docs: RouteDoc[] = [
  {
    method: 'post',
    path: '/v1/auth/wallet/create',
    summary:
      "Stores a new wallet's auth share (sealed at rest) and recovery share (the frame's ciphertext under the " +
      "user's password), once per user (409 WALLET_EXISTS). Bearer + the device key's proof over 'create'",
    query: SdkQuery,
    body: WalletCreateRequest,
    response: WalletCreated,
    errors: [...errors, 409],
  },
  {
    method: 'post',
    path: '/v1/auth/wallet/shares',
    summary:
      'The auth share, and the encrypted recovery share when asked for (recovery: true; a device without its device share) ' +
      "({exists:false} before a create). Bearer + the device key's single-use proof over 'shares' (a leaked access token alone releases nothing)",
    query: SdkQuery,
    body: WalletSharesRequest,
    response: WalletShares,
    errors,
  },
]

export declare namespace register {
  type Options = {
    /** The project check every login route runs. */
    project: MiddlewareHandler
    /** The wallet context (throws AUTH_NOT_CONFIGURED without an auth secret). */
    context: () => Wallet.Context
    /** The per-IP limit on every /v1/auth/wallet/* call (429 RATE_LIMITED past it). */
    limit: WalletLimit.perIp.Options
  }
}

export function register(app: App, options: register.Options): void {
  // Before the routes (and their project check): a refused caller costs one store round trip at most.
  app.use('/v1/auth/wallet/*', WalletLimit.perIp(options.limit))
  const read = async <S extends z.core.$ZodType>(c: HonoContext, schema: S) => {
    validate.query(c, SdkQuery)
    return validate.body(await validate.json(c, bodyLimit), schema)
  }
  /** The session behind the Bearer token, its device key's proof checked. */
  const authorize = async (
    c: HonoContext,
    purpose: 'create' | 'shares',
    proof: WalletCreateRequest['proof'],
  ) => {
    const context = options.context()
    const header = c.req.header('authorization')
    const authenticated = await Sessions.authenticate(context, header)
    const accessToken = header!.slice('Bearer '.length)
    await Wallet.checkProof(context, authenticated, { purpose, accessToken, proof })
    return { context, user: authenticated.user }
  }

  app.post('/v1/auth/wallet/create', options.project, async (c) => {
    const body = await read(c, WalletCreateRequest)
    const { context, user } = await authorize(c, 'create', body.proof)
    return c.json((await Wallet.create(context, user.id, body)) satisfies WalletCreated)
  })

  app.post('/v1/auth/wallet/shares', options.project, async (c) => {
    const body = await read(c, WalletSharesRequest)
    const { context, user } = await authorize(c, 'shares', body.proof)
    c.header('cache-control', 'no-store')
    return c.json((await Wallet.shares(context, user.id, body.recovery === true)) satisfies WalletShares)
  })
}
