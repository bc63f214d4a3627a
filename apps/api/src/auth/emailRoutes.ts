// The email login's routes under /v1/auth/email: start (a code, or first a device-approval link), resend,
// the approval page's POST, the code, and the signed-in user's email update.
import {
  AuthConnected,
  DeviceApprovalRequest,
  DeviceApprovalResponse,
  EmailResendRequest,
  EmailStartRequest,
  EmailStartResponse,
  EmailUpdateRequest,
  EmailUpdateResponse,
  EmailUpdateVerifyRequest,
  EmailVerifyRequest,
  SdkQuery,
} from '@walletframe/protocol'
import { Hono } from 'hono'
import type { Env, RouteDoc } from '../routes/Route.js'
import * as DeviceLabel from './deviceLabel.js'
import * as Email from './email.js'
import * as FreshFactor from './freshFactor.js'
import * as HandedOver from './handedOver.js'
import { authErrors, type RouteContext, readStart } from './routeContext.js'
import * as Sessions from './sessions.js'
import * as Wallet from './wallet.js'

export const docs: RouteDoc[] = [
  {
    method: 'post',
    path: '/v1/auth/email/start',
    summary:
      'Email login: mails a 6-digit code (VERIFY_OTP), or first a device-approval link when an existing ' +
      'user\'s device is new (VERIFY_DEVICE). 429 EMAIL_COOLDOWN "Please try again after {n} seconds" within 30 s per address',
    query: SdkQuery,
    body: EmailStartRequest,
    response: EmailStartResponse,
    errors: [...authErrors, 413, 502],
  },
  {
    method: 'post',
    path: '/v1/auth/email/resend',
    summary:
      'A new code for the attempt (the old one stops working); the 30 s cooldown and the per-IP start limit apply, ' +
      'and the attempt still ends 10 minutes after its start',
    query: SdkQuery,
    body: EmailResendRequest,
    response: EmailStartResponse,
    errors: [...authErrors, 404, 409, 413, 502],
  },
  {
    method: 'post',
    path: '/v1/auth/email/device/approve',
    summary:
      'Approves the new device (the POST of the page the mailed link opens; a GET approves nothing) and mails the code',
    query: SdkQuery,
    body: DeviceApprovalRequest,
    response: DeviceApprovalResponse,
    errors: [...authErrors, 404, 409, 413, 502],
  },
  {
    method: 'post',
    path: '/v1/auth/email/verify',
    summary:
      'VERIFY_OTP -> CONNECT: the code (5 tries, 10 minutes, once; codeTriesPerAddress across attempts) and the ' +
      "starting device key's single-use proof over connectSigningInput open a session bound to that key",
    query: SdkQuery,
    body: EmailVerifyRequest,
    response: AuthConnected,
    errors: [...authErrors, 404, 409, 413],
  },
  {
    method: 'post',
    path: '/v1/auth/email/update',
    summary:
      "Email update (Bearer + the session device key's single-use proof over 'email-update'): a code to the current address " +
      '(VERIFY_PRIMARY_OTP); a user without one first logs in again with their current method (reauthAttemptId) and the ' +
      'code goes to the new address. With the second factor on, a fresh code of it first (403 SECOND_FACTOR_REQUIRED). ' +
      'The answer is the same whether the new address is free or not; its owner is told by mail',
    query: SdkQuery,
    body: EmailUpdateRequest,
    response: EmailUpdateResponse,
    errors: [...authErrors, 409, 413, 502],
  },
  {
    method: 'post',
    path: '/v1/auth/email/update/verify',
    summary:
      'Email update (Bearer): VERIFY_PRIMARY_OTP -> VERIFY_SECONDARY_OTP (a code to the new address) -> DONE',
    query: SdkQuery,
    body: EmailUpdateVerifyRequest,
    response: EmailUpdateResponse,
    errors: [...authErrors, 404, 409, 413, 502],
  },
]

/** The routes, to mount at /v1/auth/email. */
export function routes(context: RouteContext): Hono<Env> {
  const { project, read, settings } = context
  const app = new Hono<Env>()

  app.post('/start', project, async (c) => {
    const { body, flow, attempt } = await readStart(context, c, {
      schema: EmailStartRequest,
      flow: () => context.email(),
      limit: 'auth-email-ip',
      rule: settings.emailStartsPerIp,
    })
    return c.json(
      (await Email.start(flow, {
        ...attempt,
        email: body.email,
        device: DeviceLabel.fromUserAgent(c.req.header('user-agent')),
      })) satisfies EmailStartResponse,
    )
  })

  app.post('/resend', project, async (c) => {
    const body = await read(c, EmailResendRequest)
    const email = context.email()
    // A resend mails like a start, so it counts toward the same per-IP limit.
    await context.perIp(c, 'auth-email-ip', settings.emailStartsPerIp)
    return c.json((await Email.resend(email, body.attemptId)) satisfies EmailStartResponse)
  })

  app.post('/device/approve', project, async (c) => {
    const body = await read(c, DeviceApprovalRequest)
    await Email.approveDevice(context.email(), body.token)
    return c.json({ approved: true, action: 'VERIFY_OTP' } satisfies DeviceApprovalResponse)
  })

  app.post('/verify', project, async (c) => {
    const body = await read(c, EmailVerifyRequest)
    return c.json((await Email.verify(context.email(), body)) satisfies AuthConnected)
  })

  app.post('/update', project, async (c) => {
    const body = await read(c, EmailUpdateRequest)
    const email = context.email()
    const header = c.req.header('authorization')
    const authenticated = await Sessions.authenticate(email, header)
    // Changing a login method takes fresh proof of the factors the user has: the device key here,
    // then the current mailbox (a code) or, without one, a login just made again with the current method.
    await Wallet.checkProof(email, authenticated, {
      purpose: 'email-update',
      accessToken: header!.slice('Bearer '.length),
      proof: body.proof,
    })
    await FreshFactor.requireForLoginChange(context.freshFactor(), context.where(c), authenticated, body)
    const reauthentication =
      body.reauthAttemptId !== undefined && !authenticated.user.email
        ? await HandedOver.reauthentication(email, body.reauthAttemptId, authenticated)
        : undefined
    return c.json(
      (await Email.startUpdate(email, {
        user: authenticated.user,
        email: body.email,
        projectId: c.var.project.id,
        frameOrigin: context.frameOrigin(c),
        ...(reauthentication ? { reauthentication } : {}),
      })) satisfies EmailUpdateResponse,
    )
  })

  app.post('/update/verify', project, async (c) => {
    const body = await read(c, EmailUpdateVerifyRequest)
    const email = context.email()
    const { user } = await Sessions.authenticate(email, c.req.header('authorization'))
    return c.json(
      (await Email.verifyUpdate(email, {
        user,
        updateId: body.updateId,
        otp: body.otp,
      })) satisfies EmailUpdateResponse,
    )
  })

  return app
}
