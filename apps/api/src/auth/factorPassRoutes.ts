// POST /v1/auth/factor/pass: a pass for one sensitive action (factorPass.ts), which the frame hands to
// its Worker. The session (Bearer) and its device key's single-use proof over 'factor-pass' first;
// then, when the user has a second factor, a fresh code of it.
import { FactorPassRequest, FactorPassResponse, SdkQuery } from '@walletframe/protocol'
import { Hono } from 'hono'
import type { Env, RouteDoc } from '../routes/Route.js'
import * as FactorPass from './factorPass.js'
import type { RouteContext } from './routeContext.js'
import * as WalletCall from './walletCall.js'

export const docs: RouteDoc[] = [
  {
    method: 'post',
    path: '/v1/auth/factor/pass',
    summary:
      "A pass for one sensitive action (export, recovery-kit, login-method, send): the API's Ed25519 signature over " +
      "the action, the user's wallet, the session's device key, a nonce and an expiry two minutes ahead; the frame's " +
      'Worker takes it once. With a second factor enabled it needs a fresh code (403 SECOND_FACTOR_REQUIRED without ' +
      "one; wrong codes count toward the 15-minute lock). Bearer + the device key's single-use proof over 'factor-pass'",
    query: SdkQuery,
    body: FactorPassRequest,
    response: FactorPassResponse,
    errors: [400, 401, 403, 409, 413, 429],
  },
]

/** The route, to mount at /v1/auth/factor. */
export function routes(context: RouteContext): Hono<Env> {
  const app = new Hono<Env>()
  app.use('*', WalletCall.perIp(context))
  app.post('/pass', context.project, async (c) => {
    const body = await context.read(c, FactorPassRequest)
    const { wallet, authenticated } = await WalletCall.authorize(context, c, 'factor-pass', body.proof)
    const pass = await FactorPass.issue(wallet, authenticated, body)
    return c.json({ pass } satisfies FactorPassResponse)
  })
  return app
}
