// CONNECT for a login completed by another party — the provider's callback (social) or the relay
// (Farcaster) — which the frame learns of by asking about its attempt: once, then the session.
import type { AuthConnected, AuthProvider } from '@walletframe/protocol'
import { AttemptNotFoundError, AttemptStateError } from './errors.js'
import * as Sessions from './sessions.js'
import * as Store from './store.js'

export async function connect(
  context: Sessions.Context,
  attemptId: string,
  expected: {
    kind: 'social' | 'farcaster'
    /** What the user is told while the other party has not finished. */
    notYet: string
  },
): Promise<AuthConnected> {
  const attempt = await Store.attempt(context.db, attemptId)
  if (attempt?.kind !== expected.kind) throw new AttemptNotFoundError()
  if (attempt.step === 'pending') {
    throw new AttemptStateError(
      attempt.expiresAt <= (context.now?.() ?? new Date())
        ? 'This login took longer than 10 minutes; start again'
        : expected.notYet,
    )
  }
  if (attempt.step === 'failed')
    throw new AttemptStateError(attempt.error?.message ?? 'The login failed; start again')
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
