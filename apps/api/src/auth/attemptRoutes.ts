// Where a login attempt stands, under /v1/auth/attempts: the frame polls it, since it cannot see the
// mail, the popup (a Cross-Origin-Opener-Policy page anywhere cuts the popup from its opener) or the
// Farcaster app. A Farcaster attempt is brought up to date with its relay channel on each poll.
import { AttemptParam, AuthAttemptStatus, SdkQuery } from '@walletframe/protocol'
import { Hono } from 'hono'
import type { Env, RouteDoc } from '../routes/Route.js'
import * as validate from '../routes/validate.js'
import { AttemptNotFoundError } from './errors.js'
import * as Farcaster from './farcaster.js'
import { authErrors, type RouteContext } from './routeContext.js'
import * as Store from './store.js'

export const docs: RouteDoc[] = [
  {
    method: 'get',
    path: '/v1/auth/attempts/{attemptId}',
    summary: 'Where a login attempt is: the frame polls it (a popup behind COOP cannot tell its opener)',
    params: AttemptParam,
    query: SdkQuery,
    response: AuthAttemptStatus,
    errors: [...authErrors, 404],
  },
]

/** The routes, to mount at /v1/auth/attempts. */
export function routes(context: RouteContext): Hono<Env> {
  const app = new Hono<Env>()
  app.get('/:attemptId', context.project, async (c) => {
    const { attemptId } = validate.params(c, AttemptParam)
    validate.query(c, SdkQuery)
    const sessions = context.sessions()
    let attempt = await Store.attempt(sessions.db, attemptId)
    // An email update is the signed-in user's; a passkey ceremony finishes in the frame's own call.
    if (!attempt || attempt.kind === 'email_update' || attempt.kind.startsWith('passkey_'))
      throw new AttemptNotFoundError()
    // Nobody calls the API back when the Farcaster app signs: the frame's poll asks the relay.
    if (attempt.kind === 'farcaster') attempt = await Farcaster.sync(context.farcaster(), attempt)
    return c.json(
      status(attempt, new Date(), context.settings.emailCooldownSeconds) satisfies AuthAttemptStatus,
    )
  })
  return app
}

/** What the frame is told of an attempt: nothing secret, and `returned` (a popup yet to finish) as pending. */
export function status(attempt: Store.Attempt, now: Date, cooldownSeconds: number): AuthAttemptStatus {
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
