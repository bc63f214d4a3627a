// A passkey as the second factor: wherever a fresh code is asked, an assertion of one of the user's
// passkeys with user verification does instead. Each challenge is single use and bound to one action,
// one user and the session's device key (kept in a 'passkey_factor' attempt); the finish spends it with
// one conditional UPDATE before anything is verified, so a replayed or raced assertion finds it gone.
import { generateAuthenticationOptions } from '@simplewebauthn/server'
import type { FactorPasskey, FactorPasskeyPurpose, PasskeyLoginStartResponse } from '@walletframe/protocol'
import { and, eq } from 'drizzle-orm'
import { authPasskeys } from '../db/schema.js'
import * as DeviceKey from './deviceKey.js'
import { AttemptNotFoundError, PasskeyNotFoundError, PasskeyRejectedError } from './errors.js'
import * as Passkey from './passkey.js'
import type * as Sessions from './sessions.js'
import * as Store from './store.js'

/** What an attempt keeps of the action its challenge is for. */
const purposeOf = (action: FactorPasskeyPurpose) => `factor:${action}`

/**
 * A challenge for the user's passkeys on this relying party (the browser offers only those), for
 * `action`. Refused (404 PASSKEY_NOT_FOUND) when the user has none here.
 */
export async function start(
  context: Passkey.Context,
  authenticated: Sessions.Authenticated,
  input: { action: FactorPasskeyPurpose; projectId: string; frameOrigin: string },
): Promise<PasskeyLoginStartResponse> {
  const userId = authenticated.user.id
  const rpId = Passkey.rpIdOf(context, input.frameOrigin)
  const allowed = await context.db
    .select({ id: authPasskeys.credentialId, transports: authPasskeys.transports })
    .from(authPasskeys)
    .where(and(eq(authPasskeys.userId, userId), eq(authPasskeys.rpId, rpId)))
  if (allowed.length === 0) throw new PasskeyNotFoundError()
  const allowCredentials = allowed.map(({ id, transports }) => ({
    id,
    type: 'public-key' as const,
    ...(transports.length ? { transports } : {}),
  }))
  const options = await generateAuthenticationOptions({
    rpID: rpId,
    timeout: Passkey.timeoutMs,
    userVerification: 'required',
  })
  const attempt = await Passkey.open(
    context,
    'passkey_factor',
    {
      deviceKey: authenticated.session.deviceKey,
      projectId: input.projectId,
      frameOrigin: input.frameOrigin,
    },
    options.challenge,
    userId,
    purposeOf(input.action),
  )
  return {
    attemptId: attempt.id,
    options: {
      challenge: options.challenge,
      rpId,
      timeout: Passkey.timeoutMs,
      userVerification: 'required',
      allowCredentials,
    },
    expiresAt: attempt.expiresAt.toISOString(),
  }
}

/**
 * Verifies `answer` as the fresh factor of `action` for this session: the attempt must be this user's,
 * this device's and this action's (any other is unknown here), its challenge is spent first, and the
 * assertion must verify with user verification for a passkey of this user.
 */
export async function verify(
  context: Passkey.Context,
  where: Pick<Passkey.Where, 'hostAllowed'>,
  authenticated: Sessions.Authenticated,
  action: FactorPasskeyPurpose,
  answer: FactorPasskey,
): Promise<void> {
  const attempt = await Store.attempt(context.db, answer.attemptId)
  if (
    attempt?.kind !== 'passkey_factor' ||
    attempt.userId !== authenticated.user.id ||
    attempt.provider !== purposeOf(action) ||
    attempt.deviceThumbprint !== (await DeviceKey.thumbprint(authenticated.session.deviceKey))
  ) {
    throw new AttemptNotFoundError('passkey.attemptId')
  }
  const spent = await Passkey.spend(context, attempt)
  const passkey = await Passkey.verifyAssertion(context, where, spent, answer.credential)
  // Any passkey of the site verifies against its own key: only the user's own is their factor.
  if (passkey.userId !== authenticated.user.id) throw new PasskeyRejectedError('it is not one of yours')
}
