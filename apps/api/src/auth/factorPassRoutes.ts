// POST /v1/auth/factor/pass: a pass for one sensitive action (factorPass.ts), which the frame hands to
// its Worker. The session (Bearer) and its device key's single-use proof over 'factor-pass' first;
// then, when the user has a second factor, a fresh code of it or a passkey's assertion over a challenge
// of POST /v1/auth/factor/passkey (the per-IP limit of the wallet calls, and a per-user one).
import {
  FactorPasskeyStartRequest,
  FactorPassRequest,
  FactorPassResponse,
  PasskeyLoginStartResponse,
  SdkQuery,
} from '@walletframe/protocol'
import { Hono } from 'hono'
import { RateLimitedError } from '../errors.js'
import type { Env, RouteDoc } from '../routes/Route.js'
import * as FactorPass from './factorPass.js'
import * as PasskeyFactor from './passkeyFactor.js'
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
      "one; wrong codes count toward the 15-minute lock), or instead an assertion of one of the user's passkeys over a " +
      "challenge of POST /v1/auth/factor/passkey for this action (the pass says factor 'passkey'). Bearer + the " +
      "device key's single-use proof over 'factor-pass'",
    query: SdkQuery,
    body: FactorPassRequest,
    response: FactorPassResponse,
    errors: [400, 401, 403, 404, 409, 413, 429],
  },
  {
    method: 'post',
    path: '/v1/auth/factor/passkey',
    summary:
      "A passkey challenge as the fresh factor of one action: options for navigator.credentials.get allowing the user's " +
      'passkeys only, user verification required; the challenge is kept 5 minutes, single use, for this user, this ' +
      "session's device and this action (404 PASSKEY_NOT_FOUND when the user has no passkey here; limited per IP and " +
      "per user). Bearer + the device key's single-use proof over 'factor-passkey'",
    query: SdkQuery,
    body: FactorPasskeyStartRequest,
    response: PasskeyLoginStartResponse,
    errors: [400, 401, 403, 404, 413, 429],
  },
]

/** The route, to mount at /v1/auth/factor. */
export function routes(context: RouteContext): Hono<Env> {
  const app = new Hono<Env>()
  app.use('*', WalletCall.perIp(context))
  app.post('/pass', context.project, async (c) => {
    const body = await context.read(c, FactorPassRequest)
    const { authenticated } = await WalletCall.authorize(context, c, 'factor-pass', body.proof)
    const pass = await FactorPass.issue(context.freshFactor(), context.where(c), authenticated, body)
    return c.json({ pass } satisfies FactorPassResponse)
  })
  app.post('/passkey', context.project, async (c) => {
    const body = await context.read(c, FactorPasskeyStartRequest)
    const { authenticated } = await WalletCall.authorize(context, c, 'factor-passkey', body.proof)
    const userId = authenticated.user.id
    // Each challenge asks the user's authenticator for a touch: counted per user in the shared store
    // too, so a stolen session spread over many addresses cannot prompt the owner without end.
    const wait = await context.limitStore.take(
      `auth-factor-passkey-user:${userId}`,
      context.settings.factorPasskeyPerUser,
    )
    if (wait > 0) throw new RateLimitedError(wait, 'user')
    const started = await PasskeyFactor.start(context.passkey(), authenticated, {
      action: body.action,
      projectId: c.var.project.id,
      frameOrigin: context.frameOrigin(c),
    })
    return c.json(started satisfies PasskeyLoginStartResponse)
  })
  return app
}
