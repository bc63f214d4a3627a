// Sign In With Farcaster's routes under /v1/auth/farcaster: start (a relay channel for the QR code) and
// CONNECT. The frame follows the sign-in by polling the attempt (attemptRoutes.ts), which asks the relay.
import {
  AuthConnected,
  FarcasterConnectRequest,
  FarcasterStartRequest,
  FarcasterStartResponse,
  SdkQuery,
} from '@walletframe/protocol'
import { Hono } from 'hono'
import type { Env, RouteDoc } from '../routes/Route.js'
import * as Farcaster from './farcaster.js'
import { authErrors, type RouteContext, readStart } from './routeContext.js'

export const docs: RouteDoc[] = [
  {
    method: 'post',
    path: '/v1/auth/farcaster/start',
    summary:
      'Sign In With Farcaster: opens a relay channel (nonce single use, bound to the attempt); the channel URL goes in the QR code. ' +
      'Poll GET /v1/auth/attempts/{attemptId}: each poll asks the relay and verifies a signed message (nonce, domain, custody of the fid)',
    query: SdkQuery,
    body: FarcasterStartRequest,
    response: FarcasterStartResponse,
    errors: [...authErrors, 413, 502],
  },
  {
    method: 'post',
    path: '/v1/auth/farcaster/connect',
    summary:
      "CONNECT a verified Farcaster sign-in (once, within 10 minutes of the start): the starting device key's " +
      'single-use proof over connectSigningInput; the session, bound to that key',
    query: SdkQuery,
    body: FarcasterConnectRequest,
    response: AuthConnected,
    errors: [...authErrors, 404, 409, 413],
  },
]

/** The routes, to mount at /v1/auth/farcaster. */
export function routes(context: RouteContext): Hono<Env> {
  const { project, read, settings } = context
  const app = new Hono<Env>()

  app.post('/start', project, async (c) => {
    const { flow, attempt } = await readStart(context, c, {
      schema: FarcasterStartRequest,
      flow: () => context.farcaster(),
      limit: 'auth-farcaster-ip',
      rule: settings.socialStartsPerIp,
    })
    return c.json((await Farcaster.start(flow, attempt)) satisfies FarcasterStartResponse)
  })

  app.post('/connect', project, async (c) => {
    const body = await read(c, FarcasterConnectRequest)
    return c.json((await Farcaster.connect(context.farcaster(), body)) satisfies AuthConnected)
  })

  return app
}
