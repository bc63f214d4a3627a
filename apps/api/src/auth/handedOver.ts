// CONNECT for a login completed by another party — the provider's return (social) or the relay
// (Farcaster) — which the frame learns of by asking about its attempt: once, by the device that
// started it (its key signs the attempt id), within the attempt's 10 minutes; then the session. The
// same finished attempt can instead vouch, once, that a signed-in user just logged in again with
// their current method (reauthenticate), which adding a login method asks for.
import {
  type AuthConnected,
  type AuthProvider,
  connectSigningInput,
  type DeviceProof as DeviceProofBody,
} from '@walletframe/protocol'
import * as DeviceKey from './deviceKey.js'
import * as DeviceProof from './deviceProof.js'
import { AttemptExpiredError, AttemptNotFoundError, AttemptStateError } from './errors.js'
import * as Sessions from './sessions.js'
import * as Store from './store.js'

type Expected = {
  kind: 'social' | 'farcaster'
  /** What the user is told while the other party has not finished. */
  notYet: string
}

const now = (context: Sessions.Context) => context.now?.() ?? new Date()

/** The attempt, finished by the other party and still within its time; else why not. */
async function finished(context: Sessions.Context, attemptId: string, expected: Expected) {
  const attempt = await Store.attempt(context.db, attemptId)
  if (attempt?.kind !== expected.kind) throw new AttemptNotFoundError()
  return attempt
}

function checkReady(context: Sessions.Context, attempt: Store.Attempt, expected: Expected): void {
  if (attempt.step === 'failed')
    throw new AttemptStateError(attempt.error?.message ?? 'The login failed; start again')
  // A finished login expires like a waiting one: ten minutes from its start, whatever step it is at.
  if (attempt.expiresAt <= now(context)) throw new AttemptExpiredError()
  if (attempt.step === 'pending' || attempt.step === 'returned') throw new AttemptStateError(expected.notYet)
  if (attempt.step !== 'ready')
    throw new AttemptStateError('This login is connected already; start a new one')
}

export async function connect(
  context: Sessions.Context,
  input: { attemptId: string; proof: DeviceProofBody },
  expected: Expected,
): Promise<AuthConnected> {
  const attempt = await finished(context, input.attemptId, expected)
  await DeviceProof.spend(
    context,
    attempt.deviceKey!,
    connectSigningInput(attempt.id, input.proof.timestamp),
    input.proof,
  )
  checkReady(context, attempt, expected)
  const taken = await Store.advance(context.db, attempt.id, 'ready', { step: 'connected' })
  if (!taken) throw new AttemptStateError('This login is connected already; start a new one')
  const provider = attempt.provider as AuthProvider
  const user = (await Store.user(context.db, attempt.userId!))!
  await Store.addDevice(context.db, user.id, attempt.deviceThumbprint!)
  const tokens = await Sessions.create(context, {
    userId: user.id,
    authProvider: provider,
    deviceKey: attempt.deviceKey!,
  })
  return { action: 'CONNECT', user: await Sessions.describe(context.db, user, provider), tokens }
}

/**
 * A finished social or Farcaster attempt as proof that `session`'s user just logged in again with
 * that method on the session's own device: the attempt must be theirs, started by the same device key,
 * ready and within its time. It connects nothing. Checked now, spent by `spend()` once the call it
 * vouches for has passed its own checks (a cooldown must not cost the user their re-login).
 */
export async function reauthentication(
  context: Sessions.Context,
  attemptId: string,
  authenticated: Sessions.Authenticated,
): Promise<{ spend(): Promise<void> }> {
  const attempt = await Store.attempt(context.db, attemptId)
  if (!attempt || (attempt.kind !== 'social' && attempt.kind !== 'farcaster'))
    throw new AttemptNotFoundError('reauthAttemptId')
  checkReady(context, attempt, { kind: attempt.kind, notYet: 'Finish confirming it is you first' })
  const sameDevice =
    attempt.deviceThumbprint === (await DeviceKey.thumbprint(authenticated.session.deviceKey))
  if (attempt.userId !== authenticated.user.id || !sameDevice) {
    throw new AttemptStateError(
      'That login is of another account or device; confirm with the login you use here',
      'reauthAttemptId',
    )
  }
  return {
    async spend() {
      const spent = await Store.advance(context.db, attempt.id, 'ready', { step: 'reauthenticated' })
      if (!spent) throw new AttemptStateError('That login was used already; confirm again', 'reauthAttemptId')
    },
  }
}
