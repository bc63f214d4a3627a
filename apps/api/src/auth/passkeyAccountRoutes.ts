// The signed-in user's passkeys under /v1/auth/passkey: list, add (start and finish), remove. Every
// call takes the session (Bearer) and its device key's single-use proof over the call, and the
// passkey calls' per-IP limit in the shared store (every process counts the same).
import {
  PasskeyAccountRequest,
  PasskeyAddFinishRequest,
  PasskeyAddStartRequest,
  PasskeyList,
  PasskeyRegisterStartResponse,
  PasskeyRemoveRequest,
  PasskeySummary,
  SdkQuery,
  type WalletProofPurpose,
} from '@walletframe/protocol'
import { Hono, type Context as HonoContext } from 'hono'
import type { Env, RouteDoc } from '../routes/Route.js'
import * as DeviceLabel from './deviceLabel.js'
import * as FreshFactor from './freshFactor.js'
import * as PasskeyAccount from './passkeyAccount.js'
import { authErrors, type RouteContext } from './routeContext.js'
import * as Wallet from './wallet.js'

const proofNote = "Bearer + the device key's single-use proof over"

export const docs: RouteDoc[] = [
  {
    method: 'post',
    path: '/v1/auth/passkey/list',
    summary: `The user's passkeys (name, created, last used, synced, whether its PRF opens a recovery copy) and whether another login remains. ${proofNote} 'passkey-list'`,
    query: SdkQuery,
    body: PasskeyAccountRequest,
    response: PasskeyList,
    errors: [...authErrors, 413],
  },
  {
    method: 'post',
    path: '/v1/auth/passkey/add/start',
    summary:
      'Options for navigator.credentials.create to add a passkey to the signed-in user (their user handle, their passkeys ' +
      `excluded), the challenge kept 5 minutes, single use, for this session's device; with the second factor on, a fresh ` +
      `code or a passkey's assertion for 'login-method' first (403 SECOND_FACTOR_REQUIRED). ${proofNote} 'passkey-add'`,
    query: SdkQuery,
    body: PasskeyAddStartRequest,
    response: PasskeyRegisterStartResponse,
    errors: [...authErrors, 413],
  },
  {
    method: 'post',
    path: '/v1/auth/passkey/add/finish',
    summary:
      "Verifies the new passkey (an attempt of this user and this session's device, its challenge spent first; origin, RP " +
      'ID, user verification) and stores it, with the recovery share under its PRF output when given (its credential id ' +
      `the new passkey's). ${proofNote} 'passkey-add'`,
    query: SdkQuery,
    body: PasskeyAddFinishRequest,
    response: PasskeySummary,
    errors: [...authErrors, 404, 409, 413],
  },
  {
    method: 'post',
    path: '/v1/auth/passkey/remove',
    summary:
      "Removes one of the user's passkeys and its recovery copy (404 PASSKEY_NOT_FOUND for another's; 409 LAST_LOGIN_FACTOR " +
      `when it is the account's only login; with the second factor on, a fresh code or passkey first). ${proofNote} 'passkey-remove'`,
    query: SdkQuery,
    body: PasskeyRemoveRequest,
    response: PasskeyList,
    errors: [...authErrors, 404, 409, 413],
  },
]

/** The routes, to mount at /v1/auth/passkey beside the login's. */
export function routes(context: RouteContext): Hono<Env> {
  const { project, read, settings } = context
  const app = new Hono<Env>()
  /** After the body: the per-IP limit, then the session and its device key's proof over `purpose`. */
  const authorize = async (
    c: HonoContext<Env>,
    purpose: WalletProofPurpose,
    proof: PasskeyAccountRequest['proof'],
  ) => {
    // The flow first: an API without login configured answers AUTH_NOT_CONFIGURED before any limit.
    const flow = context.passkey()
    await context.perIp(c, 'auth-passkey-ip', settings.passkeyCallsPerIp)
    const authenticated = await Wallet.authorize(context.wallet(), c.req.header('authorization'), {
      purpose,
      proof,
    })
    c.header('cache-control', 'no-store')
    return { flow, authenticated }
  }

  app.post('/list', project, async (c) => {
    const body = await read(c, PasskeyAccountRequest)
    const { flow, authenticated } = await authorize(c, 'passkey-list', body.proof)
    return c.json((await PasskeyAccount.list(flow, authenticated.user.id)) satisfies PasskeyList)
  })
  app.post('/add/start', project, async (c) => {
    const body = await read(c, PasskeyAddStartRequest)
    const { flow, authenticated } = await authorize(c, 'passkey-add', body.proof)
    await FreshFactor.requireForLoginChange(context.freshFactor(), context.where(c), authenticated, body)
    const started = await PasskeyAccount.addStart(flow, authenticated, {
      projectId: c.var.project.id,
      frameOrigin: context.frameOrigin(c),
    })
    return c.json(started satisfies PasskeyRegisterStartResponse)
  })
  app.post('/add/finish', project, async (c) => {
    const body = await read(c, PasskeyAddFinishRequest)
    const { flow, authenticated } = await authorize(c, 'passkey-add', body.proof)
    const where = { hostAllowed: (origin: string) => context.hostAllowed(c, origin) }
    const added = await PasskeyAccount.addFinish(flow, where, authenticated, {
      attemptId: body.attemptId,
      credential: body.credential,
      name: DeviceLabel.fromUserAgent(c.req.header('user-agent')),
      prfShare: body.prfShare,
    })
    return c.json(added satisfies PasskeySummary)
  })
  app.post('/remove', project, async (c) => {
    const body = await read(c, PasskeyRemoveRequest)
    const { flow, authenticated } = await authorize(c, 'passkey-remove', body.proof)
    await FreshFactor.requireForLoginChange(context.freshFactor(), context.where(c), authenticated, body)
    return c.json(
      (await PasskeyAccount.remove(flow, authenticated.user.id, body.credentialId)) satisfies PasskeyList,
    )
  })

  return app
}
