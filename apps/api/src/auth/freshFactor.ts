// A fresh factor for one sensitive action: a code of the user's authenticator app (or a recovery
// code), or an assertion of one of their passkeys over a challenge for that action. Either is spent
// once; the session's state stays as it was, so the next action needs its own.
import type { FactorPasskey, PassFactor, SensitiveAction } from '@walletframe/protocol'
import { SecondFactorRequiredError, TotpStateError } from './errors.js'
import * as Factors from './factors.js'
import type * as Passkey from './passkey.js'
import * as PasskeyFactor from './passkeyFactor.js'
import type * as Sessions from './sessions.js'
import * as Totp from './totp.js'
import * as TotpStore from './totpStore.js'

export type Context = Totp.Context & Passkey.Context

/** What the caller gave: a code, a passkey's assertion, or neither. */
export type Fresh = { code?: string | undefined; passkey?: FactorPasskey | undefined }

/** What each action is, as the refusal says it. */
export const what: Record<SensitiveAction, string> = {
  export: 'to show the recovery phrase',
  'recovery-kit': 'to make a recovery kit',
  'login-method': 'to change how you log in',
  send: 'to approve this send',
}

/**
 * Checks and spends the fresh factor given for `action`: answers which it was. Neither given answers
 * 403 SECOND_FACTOR_REQUIRED, which the frame answers by asking for one.
 */
export async function check(
  context: Context,
  where: Pick<Passkey.Where, 'hostAllowed'>,
  authenticated: Sessions.Authenticated,
  action: SensitiveAction,
  fresh: Fresh,
): Promise<Exclude<PassFactor, 'none'>> {
  if (fresh.passkey) {
    await PasskeyFactor.verify(context, where, authenticated, action, fresh.passkey)
    return 'passkey'
  }
  if (fresh.code === undefined) {
    const enabled = await Factors.enabled(context, authenticated.user.id)
    throw new SecondFactorRequiredError(what[action], Factors.passkeyOnly(enabled))
  }
  await Totp.checkFresh(context, authenticated.user.id, fresh.code)
  return 'totp'
}

/**
 * Refuses the auth share to a session that has not passed the user's factor (the authenticator app's
 * code, or for a user whose factor is a passkey, a passkey's assertion: passOpen).
 */
export async function requirePassed(
  context: Pick<Context, 'db'>,
  authenticated: Sessions.Authenticated,
): Promise<void> {
  if (authenticated.session.secondFactorAt !== null) return
  const enabled = await Factors.enabled(context, authenticated.user.id)
  if (enabled) throw new SecondFactorRequiredError(undefined, Factors.passkeyOnly(enabled))
}

/**
 * Passes the factor for this session with a passkey's assertion over an 'open' challenge: the auth
 * share is released to it from now (as after the app's code, /v1/auth/totp/verify).
 */
export async function passOpen(
  context: Context,
  where: Pick<Passkey.Where, 'hostAllowed'>,
  authenticated: Sessions.Authenticated,
  answer: FactorPasskey,
): Promise<void> {
  // A user without a factor has nothing to pass: refused as the app's verify refuses it.
  if (!(await Factors.enabled(context, authenticated.user.id))) throw new TotpStateError('not-enabled')
  await PasskeyFactor.verify(context, where, authenticated, 'open', answer)
  await TotpStore.markSession(context.db, authenticated.session.id, context.now?.() ?? new Date())
}

/**
 * Sets or clears the send threshold for a fresh factor of either kind ('login-method': lowering the
 * protection is a change of what guards the wallet): the app's row holds it while the app is on, else
 * the passkey factor's. Refused (409 TOTP_STATE) for a user with no factor.
 */
export async function setThreshold(
  context: Context,
  where: Pick<Passkey.Where, 'hostAllowed'>,
  authenticated: Sessions.Authenticated,
  request: Fresh & { sendThreshold: string | null },
): Promise<{ sendThreshold: string | null }> {
  const userId = authenticated.user.id
  const enabled = await Factors.enabled(context, userId)
  if (!enabled) throw new TotpStateError('not-enabled')
  await check(context, where, authenticated, 'login-method', request)
  const stored = enabled.totp
    ? await TotpStore.setThreshold(context.db, userId, request.sendThreshold)
    : await Factors.setPasskeyThreshold(context.db, userId, request.sendThreshold)
  if (!stored) throw new TotpStateError('not-enabled')
  return { sendThreshold: request.sendThreshold }
}

/**
 * Changing how the user logs in (adding or removing a passkey, a new email address): with the factor
 * on, a fresh one first, so a stolen session and device key (a script in the frame's page) cannot add
 * a login of the thief's own.
 */
export async function requireForLoginChange(
  context: Context,
  where: Pick<Passkey.Where, 'hostAllowed'>,
  authenticated: Sessions.Authenticated,
  fresh: Fresh,
): Promise<void> {
  if (!(await Factors.enabled(context, authenticated.user.id))) return
  await check(context, where, authenticated, 'login-method', fresh)
}

/**
 * Chooses a passkey as the user's second factor: `answer` must be an assertion of one of their
 * passkeys over a 'login-method' challenge, which proves they hold one and can touch it.
 */
export async function passkeyOn(
  context: Context,
  where: Pick<Passkey.Where, 'hostAllowed'>,
  authenticated: Sessions.Authenticated,
  answer: FactorPasskey,
): Promise<void> {
  await PasskeyFactor.verify(context, where, authenticated, 'login-method', answer)
  const now = context.now?.() ?? new Date()
  await Factors.turnPasskeyOn(context.db, authenticated.user.id, now)
  // The session that turned it on has just given it, as one that confirms the app has.
  await TotpStore.markSession(context.db, authenticated.session.id, now)
}

/** Drops the passkey as a factor, for a fresh factor (the passkey's own, or the app's code). */
export async function passkeyOff(
  context: Context,
  where: Pick<Passkey.Where, 'hostAllowed'>,
  authenticated: Sessions.Authenticated,
  fresh: Fresh,
): Promise<void> {
  // Not on: nothing to drop, and nothing asked.
  if (!(await Factors.passkeyOn(context.db, authenticated.user.id))) return
  await check(context, where, authenticated, 'login-method', fresh)
  await Factors.turnPasskeyOff(context.db, authenticated.user.id)
}
