// POST /v1/auth/factor/pass: a pass for one sensitive action (factorPass.ts), which the frame hands to
// its Worker. The session (Bearer) and its device key's single-use proof over 'factor-pass' first;
// then, when the user has a second factor, a fresh code of it or a passkey's assertion over a challenge
// of POST /v1/auth/factor/passkey (the per-IP limit of the wallet calls, and a per-user one).
import {
  FactorPasskeyStartRequest,
  FactorPassRequest,
  FactorPassResponse,
  PasskeyFactorOffRequest,
  PasskeyFactorOnRequest,
  PasskeyList,
  PasskeyLoginStartResponse,
  SdkQuery,
} from '@walletframe/protocol'
import { Hono } from 'hono'
import { RateLimitedError } from '../errors.js'
import type { Env, RouteDoc } from '../routes/Route.js'
import * as FactorPass from './factorPass.js'
import * as FreshFactor from './freshFactor.js'
import * as PasskeyAccount from './passkeyAccount.js'
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
  {
    method: 'post',
    path: '/v1/auth/factor/passkey/on',
    summary:
      "Chooses a passkey as the user's second factor (beside the authenticator app, or instead of it): an assertion of " +
      "one of their passkeys over a 'login-method' challenge. Then the recovery phrase, a recovery kit and a change of " +
      "how they log in ask for a fresh factor. Answers the user's passkeys. Bearer + the device key's single-use proof " +
      "over 'passkey-factor'",
    query: SdkQuery,
    body: PasskeyFactorOnRequest,
    response: PasskeyList,
    errors: [400, 401, 403, 404, 409, 413, 429],
  },
  {
    method: 'post',
    path: '/v1/auth/factor/passkey/off',
    summary:
      "Drops the passkey as a second factor, for a fresh factor ('login-method': a passkey's assertion or the app's " +
      "code; 403 SECOND_FACTOR_REQUIRED without one). Answers the user's passkeys. Bearer + the device key's " +
      "single-use proof over 'passkey-factor'",
    query: SdkQuery,
    body: PasskeyFactorOffRequest,
    response: PasskeyList,
    errors: [400, 401, 403, 404, 409, 413, 429],
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
  app.post('/passkey/on', context.project, async (c) => {
    const body = await context.read(c, PasskeyFactorOnRequest)
    const { authenticated } = await WalletCall.authorize(context, c, 'passkey-factor', body.proof)
    await FreshFactor.passkeyOn(context.freshFactor(), context.where(c), authenticated, body.passkey)
    return c.json((await PasskeyAccount.list(context.passkey(), authenticated.user.id)) satisfies PasskeyList)
  })
  app.post('/passkey/off', context.project, async (c) => {
    const body = await context.read(c, PasskeyFactorOffRequest)
    const { authenticated } = await WalletCall.authorize(context, c, 'passkey-factor', body.proof)
    await FreshFactor.passkeyOff(context.freshFactor(), context.where(c), authenticated, body)
    return c.json((await PasskeyAccount.list(context.passkey(), authenticated.user.id)) satisfies PasskeyList)
  })
  return app
}
