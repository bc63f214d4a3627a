// The login's HTTP surface under /v1/auth: email (start, resend, device approval, code, update),
// social (start, the provider's callback, connect), Farcaster (start, connect: the relay is asked on each
// poll), the status of an attempt the frame polls, and the session (refresh with the device key,
// sign-out, the user). Every call but the provider's callback
// names its project, like the rest of the API; the callback is a browser navigation from the provider.
import {
  AttemptParam,
  AuthAttemptStatus,
  AuthConnected,
  AuthSignedOut,
  AuthTokens,
  AuthUser,
  DeviceApprovalRequest,
  DeviceApprovalResponse,
  EmailResendRequest,
  EmailStartRequest,
  EmailStartResponse,
  EmailUpdateRequest,
  EmailUpdateResponse,
  EmailUpdateVerifyRequest,
  EmailVerifyRequest,
  FarcasterConnectRequest,
  FarcasterStartRequest,
  FarcasterStartResponse,
  RefreshRequest,
  SdkQuery,
  SocialCallbackQuery,
  SocialCompleted,
  SocialCompleteRequest,
  SocialConnectRequest,
  SocialProviderParam,
  SocialStartRequest,
  SocialStartResponse,
} from '@walletframe/protocol'
import type { Context as HonoContext } from 'hono'
import { z } from 'zod'
import { InvalidRequestError, PayloadTooLargeError, RateLimitedError } from '../errors.js'
import type { LimitStore } from '../limits/LimitStore.js'
import { originAllowed, requireProject } from '../middleware/access.js'
import { clientIp } from '../middleware/rateLimit.js'
import type { App, Deps, RouteDoc } from '../routes/Route.js'
import * as validate from '../routes/validate.js'
import * as DeviceKey from './deviceKey.js'
import * as DeviceLabel from './deviceLabel.js'
import * as Email from './email.js'
import * as Envelope from './envelope.js'
import { AttemptNotFoundError, AuthNotConfiguredError } from './errors.js'
import * as Farcaster from './farcaster.js'
import * as HandedOver from './handedOver.js'
import * as Mailer from './Mailer.js'
import { deriveKeys } from './secrets.js'
import * as Sessions from './sessions.js'
import * as Social from './social.js'
import * as Store from './store.js'
import * as Wallet from './wallet.js'
import * as WalletRoutes from './walletRoutes.js'

const bodyLimit = 16 * 1024
const auth = [400, 401, 403, 429]

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
    errors: [...auth, 413, 502],
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
    errors: [...auth, 404, 409, 413, 502],
  },
  {
    method: 'post',
    path: '/v1/auth/email/device/approve',
    summary:
      'Approves the new device (the POST of the page the mailed link opens; a GET approves nothing) and mails the code',
    query: SdkQuery,
    body: DeviceApprovalRequest,
    response: DeviceApprovalResponse,
    errors: [...auth, 404, 409, 413, 502],
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
    errors: [...auth, 404, 409, 413],
  },
  {
    method: 'post',
    path: '/v1/auth/social/complete',
    summary:
      "The popup's last step (the frame origin's /auth/callback page): the completion secret from the provider's return " +
      'and the binding secret the starting frame gave its popup; 403 LOGIN_NOT_BOUND when they do not match',
    query: SdkQuery,
    body: SocialCompleteRequest,
    response: SocialCompleted,
    errors: [...auth, 404, 409, 413],
  },
  {
    method: 'post',
    path: '/v1/auth/email/update',
    summary:
      "Email update (Bearer + the session device key's single-use proof over 'email-update'): a code to the current address " +
      '(VERIFY_PRIMARY_OTP); a user without one first logs in again with their current method (reauthAttemptId) and the ' +
      'code goes to the new address. The answer is the same whether the new address is free or not; its owner is told by mail',
    query: SdkQuery,
    body: EmailUpdateRequest,
    response: EmailUpdateResponse,
    errors: [...auth, 409, 413, 502],
  },
  {
    method: 'post',
    path: '/v1/auth/email/update/verify',
    summary:
      'Email update (Bearer): VERIFY_PRIMARY_OTP -> VERIFY_SECONDARY_OTP (a code to the new address) -> DONE',
    query: SdkQuery,
    body: EmailUpdateVerifyRequest,
    response: EmailUpdateResponse,
    errors: [...auth, 404, 409, 413, 502],
  },
  {
    method: 'get',
    path: '/v1/auth/attempts/{attemptId}',
    summary: 'Where a login attempt is: the frame polls it (a popup behind COOP cannot tell its opener)',
    params: AttemptParam,
    query: SdkQuery,
    response: AuthAttemptStatus,
    errors: [...auth, 404],
  },
  {
    method: 'post',
    path: '/v1/auth/social/start',
    summary:
      'Social login: the authorization URL to open in the popup (state single use, PKCE S256, nonce for OIDC)',
    query: SdkQuery,
    body: SocialStartRequest,
    response: SocialStartResponse,
    errors: [...auth, 413, 502],
  },
  {
    method: 'get',
    path: '/v1/auth/social/callback/{provider}',
    summary:
      "The provider's redirect: exchanges the code, then 303 to the frame's /auth/callback (status in the query, nothing secret)",
    params: SocialProviderParam,
    query: SocialCallbackQuery,
    response: z.null(),
    errors: [400, 404, 429],
  },
  {
    method: 'post',
    path: '/v1/auth/social/callback/{provider}',
    summary:
      'The same for a provider that answers with response_mode=form_post (Apple): state, code in the form body',
    params: SocialProviderParam,
    response: z.null(),
    errors: [400, 404, 413, 429],
  },
  {
    method: 'post',
    path: '/v1/auth/social/connect',
    summary:
      "CONNECT a social login its popup completed (once, within 10 minutes of the start): the starting device key's " +
      'single-use proof over connectSigningInput; the session, bound to that key',
    query: SdkQuery,
    body: SocialConnectRequest,
    response: AuthConnected,
    errors: [...auth, 404, 409, 413],
  },
  {
    method: 'post',
    path: '/v1/auth/farcaster/start',
    summary:
      'Sign In With Farcaster: opens a relay channel (nonce single use, bound to the attempt); the channel URL goes in the QR code. ' +
      'Poll GET /v1/auth/attempts/{attemptId}: each poll asks the relay and verifies a signed message (nonce, domain, custody of the fid)',
    query: SdkQuery,
    body: FarcasterStartRequest,
    response: FarcasterStartResponse,
    errors: [...auth, 413, 502],
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
    errors: [...auth, 404, 409, 413],
  },
  {
    method: 'post',
    path: '/v1/auth/session/refresh',
    summary:
      'New tokens for a refresh token signed by the device key (ECDSA P-256 over refreshSigningInput); a used token again ' +
      'revokes the session, unless signed by the same key within 20 s of its first use (concurrent refreshes)',
    query: SdkQuery,
    body: RefreshRequest,
    response: AuthTokens,
    errors: [...auth, 413],
  },
  {
    method: 'post',
    path: '/v1/auth/session/revoke',
    summary: 'Sign out (Bearer): the session and its refresh tokens stop working',
    query: SdkQuery,
    response: AuthSignedOut,
    errors: auth,
  },
  {
    method: 'get',
    path: '/v1/auth/me',
    summary: 'The signed-in user (Bearer)',
    query: SdkQuery,
    response: AuthUser,
    errors: auth,
  },
  ...WalletRoutes.docs,
]

export declare namespace register {
  type Options = {
    /** The shared limit store: the email cooldown, code tries and login starts per IP. */
    limitStore: LimitStore
    /** fetch for the providers (discovery, token, userinfo, JWKS). */
    fetch?: typeof fetch
  }
}

export function register(app: App, deps: Deps, options: register.Options): void {
  const settings = deps.config.options.auth
  const secret = settings.secret ?? process.env.WALLETFRAME_AUTH_SECRET
  const keys = secret && secret.length >= 32 ? deriveKeys(secret) : undefined
  const envelope = secret && secret.length >= 32 ? Envelope.fromSecret(secret) : undefined
  const mailer = settings.email ? Mailer.create(settings.email) : undefined
  const sessions = (): Sessions.Context => {
    if (!keys) throw new AuthNotConfiguredError('Login (no auth secret configured)')
    return {
      db: deps.db,
      keys,
      accessTokenTtlSeconds: settings.accessTokenTtlSeconds,
      sessionTtlSeconds: settings.sessionTtlSeconds,
    }
  }
  const email = (): Email.Context => {
    if (!mailer) throw new AuthNotConfiguredError('Email login', 'email')
    return {
      ...sessions(),
      mailer,
      limits: options.limitStore,
      cooldownSeconds: settings.emailCooldownSeconds,
      triesPerAddress: settings.codeTriesPerAddress,
    }
  }
  const social = Social.create({
    providers: settings.social,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  })
  const farcaster = Farcaster.create(settings.farcaster)
  const farcasterContext = (): Farcaster.Context => ({ ...sessions(), farcaster })
  const socialContext = (c: HonoContext): Social.Context => {
    const { publicUrl, development } = deps.config.options
    // The provider returns to the API's own address. Taken from a request's Host header it would be
    // whatever the caller says, so outside development it must be configured (startApi sets it to the
    // address it listens on when that is one address).
    if (!publicUrl && !development)
      throw new AuthNotConfiguredError('Social login (no publicUrl configured for the API)')
    return {
      ...sessions(),
      social,
      apiBase: publicUrl?.replace(/\/$/, '') ?? new URL(c.req.url).origin,
    }
  }

  /** The frame origin links and returns go to: the caller's when it is a frame (or local) origin. */
  function frameOrigin(c: HonoContext): string {
    const origin = c.req.header('origin')
    const { frameOrigins } = deps.config.options
    if (origin && originAllowed({ allowedOrigins: [] }, origin, deps.config.options)) return origin
    const first = frameOrigins[0]
    if (!first) throw new AuthNotConfiguredError('Login (no frame origin configured)')
    return first
  }

  /**
   * A login start's per-IP limit. It fails closed: a store error fails the call, because each start
   * mails someone or opens a login, which is what the limit rations; unlike the generic read limits,
   * being unavailable for a while is the lesser harm.
   */
  async function perIp(c: HonoContext, name: string, rule: { capacity: number; refillPerSecond: number }) {
    const wait = await options.limitStore.take(`${name}:${clientIp(c, deps.config.options.trustProxy)}`, rule)
    if (wait > 0) throw new RateLimitedError(wait, 'ip')
  }

  async function deviceKeyOf(key: EmailStartRequest['deviceKey']) {
    if (!(await DeviceKey.isValid(key))) {
      throw new InvalidRequestError('Invalid body.deviceKey: not a P-256 public key', 'body.deviceKey')
    }
    return key
  }

  const project = requireProject(deps, { from: 'query' })
  const read = async <S extends z.core.$ZodType>(c: HonoContext, schema: S) => {
    validate.query(c, SdkQuery)
    return validate.body(await validate.json(c, bodyLimit), schema)
  }

  app.post('/v1/auth/email/start', project, async (c) => {
    const body = await read(c, EmailStartRequest)
    const context = email()
    const deviceKey = await deviceKeyOf(body.deviceKey)
    await perIp(c, 'auth-email-ip', settings.emailStartsPerIp)
    const device = DeviceLabel.fromUserAgent(c.req.header('user-agent'))
    return c.json(
      (await Email.start(context, {
        email: body.email,
        deviceKey,
        projectId: c.var.project.id,
        frameOrigin: frameOrigin(c),
        device: `${device} (IP ${clientIp(c, deps.config.options.trustProxy)})`,
      })) satisfies EmailStartResponse,
    )
  })

  app.post('/v1/auth/email/resend', project, async (c) => {
    const body = await read(c, EmailResendRequest)
    const context = email()
    // A resend mails like a start, so it counts toward the same per-IP limit.
    await perIp(c, 'auth-email-ip', settings.emailStartsPerIp)
    return c.json((await Email.resend(context, body.attemptId)) satisfies EmailStartResponse)
  })

  app.post('/v1/auth/email/device/approve', project, async (c) => {
    const body = await read(c, DeviceApprovalRequest)
    await Email.approveDevice(email(), body.token)
    return c.json({ approved: true, action: 'VERIFY_OTP' } satisfies DeviceApprovalResponse)
  })

  app.post('/v1/auth/email/verify', project, async (c) => {
    const body = await read(c, EmailVerifyRequest)
    return c.json((await Email.verify(email(), body)) satisfies AuthConnected)
  })

  app.post('/v1/auth/email/update', project, async (c) => {
    const body = await read(c, EmailUpdateRequest)
    const context = email()
    const header = c.req.header('authorization')
    const authenticated = await Sessions.authenticate(context, header)
    // Changing a login method takes fresh proof of the factors the user has: the device key here,
    // then the current mailbox (a code) or, without one, a login just made again with the current method.
    await Wallet.checkProof(context, authenticated, {
      purpose: 'email-update',
      accessToken: header!.slice('Bearer '.length),
      proof: body.proof,
    })
    if (body.reauthAttemptId && !authenticated.user.email)
      await HandedOver.reauthenticate(context, body.reauthAttemptId, authenticated)
    return c.json(
      (await Email.startUpdate(context, {
        user: authenticated.user,
        email: body.email,
        projectId: c.var.project.id,
        frameOrigin: frameOrigin(c),
        reauthenticated: body.reauthAttemptId !== undefined && !authenticated.user.email,
      })) satisfies EmailUpdateResponse,
    )
  })

  app.post('/v1/auth/email/update/verify', project, async (c) => {
    const body = await read(c, EmailUpdateVerifyRequest)
    const context = email()
    const { user } = await Sessions.authenticate(context, c.req.header('authorization'))
    return c.json(
      (await Email.verifyUpdate(context, {
        user,
        updateId: body.updateId,
        otp: body.otp,
      })) satisfies EmailUpdateResponse,
    )
  })

  app.get('/v1/auth/attempts/:attemptId', project, async (c) => {
    const { attemptId } = validate.params(c, AttemptParam)
    validate.query(c, SdkQuery)
    let attempt = await Store.attempt(deps.db, attemptId)
    if (!attempt || attempt.kind === 'email_update') throw new AttemptNotFoundError()
    // Nobody calls the API back when the Farcaster app signs: the frame's poll asks the relay.
    if (attempt.kind === 'farcaster') attempt = await Farcaster.sync(farcasterContext(), attempt)
    return c.json(status(attempt, new Date(), settings.emailCooldownSeconds) satisfies AuthAttemptStatus)
  })

  app.post('/v1/auth/social/start', project, async (c) => {
    const body = await read(c, SocialStartRequest)
    const context = socialContext(c)
    const deviceKey = await deviceKeyOf(body.deviceKey)
    await perIp(c, 'auth-social-ip', settings.socialStartsPerIp)
    return c.json(
      (await Social.start(context, {
        provider: body.provider,
        deviceKey,
        bindingChallenge: body.bindingChallenge,
        projectId: c.var.project.id,
        frameOrigin: frameOrigin(c),
      })) satisfies SocialStartResponse,
    )
  })

  const callback = async (c: HonoContext, parameters: URLSearchParams) => {
    const { provider } = validate.params(c, SocialProviderParam)
    const query = z.safeParse(SocialCallbackQuery, Object.fromEntries(parameters))
    if (!query.success) throw InvalidRequestError.fromZod('', query.error)
    const target = await Social.callback(socialContext(c), provider, parameters)
    c.header('cache-control', 'no-store')
    // The popup's last stop is the frame origin's page, which closes it; the frame polls the attempt.
    return c.redirect(target, 303)
  }
  app.get('/v1/auth/social/callback/:provider', (c) => callback(c, new URL(c.req.url).searchParams))
  app.post('/v1/auth/social/callback/:provider', async (c) => {
    const type = c.req.header('content-type') ?? ''
    if (!type.startsWith('application/x-www-form-urlencoded')) {
      throw new InvalidRequestError(
        'The provider posts application/x-www-form-urlencoded (response_mode=form_post)',
        'body',
      )
    }
    const text = await readText(c, bodyLimit)
    return callback(c, new URLSearchParams(text))
  })

  app.post('/v1/auth/social/complete', project, async (c) => {
    const body = await read(c, SocialCompleteRequest)
    c.header('cache-control', 'no-store')
    return c.json((await Social.complete(socialContext(c), body)) satisfies SocialCompleted)
  })

  app.post('/v1/auth/social/connect', project, async (c) => {
    const body = await read(c, SocialConnectRequest)
    return c.json((await Social.connect(socialContext(c), body)) satisfies AuthConnected)
  })

  app.post('/v1/auth/farcaster/start', project, async (c) => {
    const body = await read(c, FarcasterStartRequest)
    const context = farcasterContext()
    const deviceKey = await deviceKeyOf(body.deviceKey)
    await perIp(c, 'auth-farcaster-ip', settings.socialStartsPerIp)
    return c.json(
      (await Farcaster.start(context, {
        deviceKey,
        projectId: c.var.project.id,
        frameOrigin: frameOrigin(c),
      })) satisfies FarcasterStartResponse,
    )
  })

  app.post('/v1/auth/farcaster/connect', project, async (c) => {
    const body = await read(c, FarcasterConnectRequest)
    return c.json((await Farcaster.connect(farcasterContext(), body)) satisfies AuthConnected)
  })

  app.post('/v1/auth/session/refresh', project, async (c) => {
    const body = await read(c, RefreshRequest)
    return c.json((await Sessions.refresh(sessions(), body)) satisfies AuthTokens)
  })

  app.post('/v1/auth/session/revoke', project, async (c) => {
    validate.query(c, SdkQuery)
    const context = sessions()
    const { session } = await Sessions.authenticate(context, c.req.header('authorization'))
    await Sessions.revoke(context, session.id)
    return c.json({ revoked: true } satisfies AuthSignedOut)
  })

  WalletRoutes.register(app, {
    project,
    limit: {
      store: options.limitStore,
      rule: settings.walletCallsPerIp,
      trustProxy: deps.config.options.trustProxy,
    },
    context: () => {
      const context = sessions()
      if (!envelope) throw new AuthNotConfiguredError('Login (no auth secret configured)')
      return { ...context, envelope }
    },
  })

  app.get('/v1/auth/me', project, async (c) => {
    validate.query(c, SdkQuery)
    const context = sessions()
    const { session, user } = await Sessions.authenticate(context, c.req.header('authorization'))
    return c.json((await Sessions.describe(deps.db, user, session.authProvider)) satisfies AuthUser)
  })
}

function status(attempt: Store.Attempt, now: Date, cooldownSeconds: number): AuthAttemptStatus {
  const base = {
    attemptId: attempt.id,
    kind: attempt.kind === 'email' ? ('email' as const) : (attempt.kind as 'social' | 'farcaster'),
    expiresAt: attempt.expiresAt.toISOString(),
    ...(attempt.provider ? { provider: attempt.provider as AuthAttemptStatus['provider'] & string } : {}),
  }
  if (attempt.kind === 'email') {
    const action =
      attempt.step === 'VERIFY_DEVICE' || attempt.step === 'CONNECT' ? attempt.step : 'VERIFY_OTP'
    const done = attempt.step === 'CONNECT'
    return {
      ...base,
      provider: 'email',
      action,
      resendAfterSeconds: cooldownSeconds,
      status: done
        ? 'connected'
        : attempt.expiresAt <= now
          ? 'expired'
          : attempt.step === 'VERIFY_DEVICE'
            ? 'pending'
            : 'ready',
    }
  }
  if (attempt.step === 'connected') return { ...base, status: 'connected' }
  if (attempt.step === 'failed') {
    return { ...base, status: 'failed', ...(attempt.error ? { error: attempt.error } : {}) }
  }
  if (attempt.expiresAt <= now) return { ...base, status: 'expired' }
  // `returned`: the provider answered, and the popup has yet to present its binding secret.
  if (attempt.step === 'ready') return { ...base, status: 'ready' }
  if (attempt.step === 'reauthenticated') return { ...base, status: 'connected' }
  return { ...base, status: 'pending' }
}

/**
 * The body as text within `maxBytes` (a form post): 413 past it, read as it streams, so a chunked
 * body (no Content-Length) is cut at the limit rather than read whole.
 */
async function readText(c: HonoContext, maxBytes: number): Promise<string> {
  const declared = Number(c.req.header('content-length') ?? 0)
  if (declared > maxBytes) throw new PayloadTooLargeError(maxBytes)
  const body = c.req.raw.body
  if (!body) return ''
  const chunks: Uint8Array[] = []
  let size = 0
  const reader = body.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel()
      throw new PayloadTooLargeError(maxBytes)
    }
    chunks.push(value)
  }
  return new TextDecoder().decode(Buffer.concat(chunks))
}
