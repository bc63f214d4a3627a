// Where a login attempt stands, under /v1/auth/attempts: the frame asks it, since it cannot see the
// mail, the popup (a Cross-Origin-Opener-Policy page anywhere cuts the popup from its opener) or the
// Farcaster app. With `wait=1` the answer is held while the attempt is pending: this process's own
// change answers at once (attemptSignals.ts), another process's within `recheckMs`, when the row is
// read again. A Farcaster attempt is brought up to date with its relay channel on each read.
import { AttemptParam, AttemptQuery, AuthAttemptStatus, attemptHoldMs } from '@walletframe/protocol'
import { Hono } from 'hono'
import type { Env, RouteDoc } from '../routes/Route.js'
import * as validate from '../routes/validate.js'
import * as AttemptSignals from './attemptSignals.js'
import { AttemptNotFoundError } from './errors.js'
import * as Farcaster from './farcaster.js'
import { authErrors, type RouteContext } from './routeContext.js'
import * as Store from './store.js'

export const docs: RouteDoc[] = [
  {
    method: 'get',
    path: '/v1/auth/attempts/{attemptId}',
    summary:
      'Where a login attempt is (a popup behind COOP cannot tell its opener); wait=1 holds the answer while it is pending',
    params: AttemptParam,
    query: AttemptQuery,
    response: AuthAttemptStatus,
    errors: [...authErrors, 404],
  },
]

/**
 * How often a held request reads its attempt again, for a change made by another process or in the
 * Farcaster relay: as often as the frame looked before answers were held, so the database and the
 * relay see no more reads than they did, and the process that made the change answers at once.
 */
export const recheckMs = 1_000

/** Held requests one process keeps at most; past that, answers come at once and the frame looks again. */
export const maxHeld = 1_000

/** The routes, to mount at /v1/auth/attempts. */
export function routes(context: RouteContext): Hono<Env> {
  const app = new Hono<Env>()
  let held = 0

  const read = async (attemptId: string) => {
    const attempt = await Store.attempt(context.sessions().db, attemptId)
    // An email update is the signed-in user's; a passkey ceremony finishes in the frame's own call.
    if (!attempt || attempt.kind === 'email_update' || attempt.kind.startsWith('passkey_'))
      throw new AttemptNotFoundError()
    // Nobody calls the API back when the Farcaster app signs: each read asks the relay.
    const current =
      attempt.kind === 'farcaster' ? await Farcaster.sync(context.farcaster(), attempt) : attempt
    return { attempt: current, status: status(current, new Date(), context.settings.emailCooldownSeconds) }
  }

  app.get('/:attemptId', context.project, async (c) => {
    const { attemptId } = validate.params(c, AttemptParam)
    const { wait } = validate.query(c, AttemptQuery)
    let answer = await read(attemptId)
    if (wait && answer.status.status === 'pending' && held < maxHeld) {
      held += 1
      try {
        const signal = c.req.raw.signal
        const deadline = Date.now() + attemptHoldMs
        while (answer.status.status === 'pending' && !signal.aborted) {
          const left = deadline - Date.now()
          if (left <= 0) break
          await AttemptSignals.next(attemptId, Math.min(recheckMs, left), signal)
          if (!signal.aborted) answer = await read(attemptId)
        }
      } finally {
        held -= 1
      }
    }
    return c.json(answer.status satisfies AuthAttemptStatus)
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
