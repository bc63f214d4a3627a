// POST /v1/auth/factor/pass: a pass for one sensitive action (factorPass.ts), which the frame hands to
// its Worker. The session (Bearer) and its device key's single-use proof over 'factor-pass' first;
// then, when the user has a second factor, a fresh code of it or a passkey's assertion over a challenge
// of POST /v1/auth/factor/passkey (the per-IP limit of the wallet calls, and a per-user one).
import {
  FactorPasskeyOpenStartRequest,
  type FactorPasskeyPurpose,
  FactorPasskeyStartRequest,
  FactorPasskeyVerifyRequest,
  FactorPassRequest,
  FactorPassResponse,
  FactorThreshold,
  FactorThresholdRequest,
  PasskeyFactorOffRequest,
  PasskeyFactorOnRequest,
  PasskeyList,
  PasskeyLoginStartResponse,
  SdkQuery,
  TotpStatus,
} from '@walletframe/protocol'
import { Hono, type Context as HonoContext } from 'hono'
import { RateLimitedError } from '../errors.js'
import type { Env, RouteDoc } from '../routes/Route.js'
import * as FactorPass from './factorPass.js'
import * as FreshFactor from './freshFactor.js'
import * as PasskeyAccount from './passkeyAccount.js'
import * as PasskeyFactor from './passkeyFactor.js'
import type { RouteContext } from './routeContext.js'
import type * as Sessions from './sessions.js'
import * as Totp from './totp.js'
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
      "challenge of POST /v1/auth/factor/passkey for this action (the pass says factor 'passkey'). A send pass names " +
      "what one signature moves as the frame's Worker read it (`send`), and needs the factor only when that is worth " +
      "more than the user's threshold. Bearer + the device key's single-use proof over 'factor-pass'",
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
    path: '/v1/auth/factor/passkey/open',
    summary:
      'A passkey challenge for passing the second factor as the wallet opens (a user whose factor is a passkey): as ' +
      "POST /v1/auth/factor/passkey, for the purpose 'open' (404 PASSKEY_NOT_FOUND when the user has no passkey here; " +
      "limited per IP and per user). Bearer + the device key's single-use proof over 'factor-passkey'",
    query: SdkQuery,
    body: FactorPasskeyOpenStartRequest,
    response: PasskeyLoginStartResponse,
    errors: [400, 401, 403, 404, 413, 429],
  },
  {
    method: 'post',
    path: '/v1/auth/factor/passkey/verify',
    summary:
      "A passkey's assertion over an 'open' challenge of this session: the session passed the second factor, and " +
      '/v1/auth/wallet/shares releases the auth share to it (as /v1/auth/totp/verify does for a code; 409 TOTP_STATE ' +
      "for a user with no factor). Bearer + the device key's single-use proof over 'factor-verify'",
    query: SdkQuery,
    body: FactorPasskeyVerifyRequest,
    response: TotpStatus,
    errors: [400, 401, 403, 404, 409, 413, 429],
  },
  {
    method: 'post',
    path: '/v1/auth/factor/threshold',
    summary:
      "Sets (wei, decimal) or clears (null) the amount of a network's coin above which a signature needs a fresh " +
      'factor (tokens at their price in that coin; what cannot be valued is over), with ' +
      "either factor: a fresh code of the app, or a passkey's assertion over a 'login-method' challenge (so a user " +
      'whose only factor is a passkey sets it too; 403 SECOND_FACTOR_REQUIRED with neither; 409 TOTP_STATE for a ' +
      "user with no factor). Bearer + the device key's single-use proof over 'factor-threshold'",
    query: SdkQuery,
    body: FactorThresholdRequest,
    response: FactorThreshold,
    errors: [400, 401, 403, 404, 409, 413, 429],
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
    const { freshFactor, market } = context
    const pass = await FactorPass.issue(freshFactor(), market, context.where(c), authenticated, body)
    return c.json({ pass } satisfies FactorPassResponse)
  })
  /** A challenge for `action`, counted per user in the shared store as well as per IP. */
  async function challenge(
    c: HonoContext<Env>,
    authenticated: Sessions.Authenticated,
    action: FactorPasskeyPurpose,
  ) {
    const userId = authenticated.user.id
    // Each challenge asks the user's authenticator for a touch: counted per user in the shared store
    // too, so a stolen session spread over many addresses cannot prompt the owner without end.
    const wait = await context.limitStore.take(
      `auth-factor-passkey-user:${userId}`,
      context.settings.factorPasskeyPerUser,
    )
    if (wait > 0) throw new RateLimitedError(wait, 'user')
    return PasskeyFactor.start(context.passkey(), authenticated, {
      action,
      projectId: c.var.project.id,
      frameOrigin: context.frameOrigin(c),
    })
  }
  app.post('/passkey', context.project, async (c) => {
    const body = await context.read(c, FactorPasskeyStartRequest)
    const { authenticated } = await WalletCall.authorize(context, c, 'factor-passkey', body.proof)
    return c.json((await challenge(c, authenticated, body.action)) satisfies PasskeyLoginStartResponse)
  })
  app.post('/passkey/open', context.project, async (c) => {
    const body = await context.read(c, FactorPasskeyOpenStartRequest)
    const { authenticated } = await WalletCall.authorize(context, c, 'factor-passkey', body.proof)
    return c.json((await challenge(c, authenticated, 'open')) satisfies PasskeyLoginStartResponse)
  })
  app.post('/threshold', context.project, async (c) => {
    const body = await context.read(c, FactorThresholdRequest)
    const { authenticated } = await WalletCall.authorize(context, c, 'factor-threshold', body.proof)
    const set = await FreshFactor.setThreshold(context.freshFactor(), context.where(c), authenticated, body)
    return c.json(set satisfies FactorThreshold)
  })
  app.post('/passkey/verify', context.project, async (c) => {
    const body = await context.read(c, FactorPasskeyVerifyRequest)
    const { wallet, authenticated } = await WalletCall.authorize(context, c, 'factor-verify', body.proof)
    await FreshFactor.passOpen(context.freshFactor(), context.where(c), authenticated, body.passkey)
    const passed = { ...authenticated, session: { ...authenticated.session, secondFactorAt: new Date() } }
    return c.json((await Totp.status(wallet, passed)) satisfies TotpStatus)
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
