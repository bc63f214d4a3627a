// The second factor's HTTP surface under /v1/auth/totp: status, start and confirm an enrolment, pass
// the factor for this session (verify), and turn it off. Every call needs the session (Bearer) and the
// session's device key signing the call, as the wallet calls do: a leaked access token alone can
// neither read, pass nor turn off the factor. The per-IP limit of the wallet calls comes first.
import {
  SdkQuery,
  TotpConfirmed,
  TotpConfirmRequest,
  TotpDisableRequest,
  TotpStartRequest,
  TotpStartResponse,
  TotpStatus,
  TotpStatusRequest,
  TotpThresholdRequest,
  TotpVerifyRequest,
  type WalletProofPurpose,
} from '@walletframe/protocol'
import { Hono, type Context as HonoContext } from 'hono'
import type { Env, RouteDoc } from '../routes/Route.js'
import type { RouteContext } from './routeContext.js'
import * as Totp from './totp.js'
import * as WalletCall from './walletCall.js'

const errors = [400, 401, 403, 413, 429]
const proofNote = "Bearer + the device key's single-use proof over"

export const docs: RouteDoc[] = [
  {
    method: 'post',
    path: '/v1/auth/totp/status',
    summary: `Whether the user has an authenticator app as second factor, and whether this session passed it. ${proofNote} 'totp-status'`,
    query: SdkQuery,
    body: TotpStatusRequest,
    response: TotpStatus,
    errors,
  },
  {
    method: 'post',
    path: '/v1/auth/totp/start',
    summary:
      'Starts setting up an authenticator app: a new secret (sealed at rest) and its otpauth:// URI, pending until a ' +
      `first code confirms it (409 TOTP_STATE while one is on). ${proofNote} 'totp-start'`,
    query: SdkQuery,
    body: TotpStartRequest,
    response: TotpStartResponse,
    errors: [...errors, 409],
  },
  {
    method: 'post',
    path: '/v1/auth/totp/confirm',
    summary:
      'The first code of the app turns the factor on; answers ten one-time recovery codes, shown once (kept as HMACs). ' +
      `Five wrong codes lock the factor for 15 minutes. ${proofNote} 'totp-confirm'`,
    query: SdkQuery,
    body: TotpConfirmRequest,
    response: TotpConfirmed,
    errors: [...errors, 409],
  },
  {
    method: 'post',
    path: '/v1/auth/totp/verify',
    summary:
      'A code of the app (each works once) or an unused recovery code: this session passed the factor, and ' +
      `/v1/auth/wallet/shares releases the auth share to it. Five wrong codes lock the factor for 15 minutes. ${proofNote} 'totp-verify'`,
    query: SdkQuery,
    body: TotpVerifyRequest,
    response: TotpStatus,
    errors: [...errors, 409],
  },
  {
    method: 'post',
    path: '/v1/auth/totp/threshold',
    summary:
      "Sets (wei, decimal) or clears (null) the amount of a network's coin above which a signature needs a fresh code (as " +
      'POST /v1/auth/factor/threshold weighs it); a fresh ' +
      `code of the factor itself, so a session alone cannot raise it (409 TOTP_STATE while not enabled). ${proofNote} 'totp-threshold'`,
    query: SdkQuery,
    body: TotpThresholdRequest,
    response: TotpStatus,
    errors: [...errors, 409],
  },
  {
    method: 'post',
    path: '/v1/auth/totp/disable',
    summary: `Turns the factor off for a valid code or recovery code. ${proofNote} 'totp-disable'`,
    query: SdkQuery,
    body: TotpDisableRequest,
    response: TotpStatus,
    errors: [...errors, 409],
  },
]

/** The routes, to mount at /v1/auth/totp. */
export function routes(context: RouteContext): Hono<Env> {
  const app = new Hono<Env>()
  app.use('*', WalletCall.perIp(context))
  const authorize = (c: HonoContext, purpose: WalletProofPurpose, proof: TotpStatusRequest['proof']) =>
    WalletCall.authorize(context, c, purpose, proof)

  app.post('/status', context.project, async (c) => {
    const body = await context.read(c, TotpStatusRequest)
    const { wallet, authenticated } = await authorize(c, 'totp-status', body.proof)
    return c.json((await Totp.status(wallet, authenticated)) satisfies TotpStatus)
  })
  app.post('/start', context.project, async (c) => {
    const body = await context.read(c, TotpStartRequest)
    const { wallet, authenticated } = await authorize(c, 'totp-start', body.proof)
    return c.json((await Totp.start(wallet, authenticated.user)) satisfies TotpStartResponse)
  })
  app.post('/confirm', context.project, async (c) => {
    const body = await context.read(c, TotpConfirmRequest)
    const { wallet, authenticated } = await authorize(c, 'totp-confirm', body.proof)
    return c.json((await Totp.confirm(wallet, authenticated, body.code)) satisfies TotpConfirmed)
  })
  app.post('/verify', context.project, async (c) => {
    const body = await context.read(c, TotpVerifyRequest)
    const { wallet, authenticated } = await authorize(c, 'totp-verify', body.proof)
    return c.json((await Totp.verify(wallet, authenticated, body.code)) satisfies TotpStatus)
  })
  app.post('/threshold', context.project, async (c) => {
    const body = await context.read(c, TotpThresholdRequest)
    const { wallet, authenticated } = await authorize(c, 'totp-threshold', body.proof)
    return c.json((await Totp.setThreshold(wallet, authenticated, body)) satisfies TotpStatus)
  })
  app.post('/disable', context.project, async (c) => {
    const body = await context.read(c, TotpDisableRequest)
    const { wallet, authenticated } = await authorize(c, 'totp-disable', body.proof)
    return c.json((await Totp.disable(wallet, authenticated, body.code)) satisfies TotpStatus)
  })

  return app
}
