// A fresh factor for one sensitive action: a code of the user's authenticator app (or a recovery
// code), or an assertion of one of their passkeys over a challenge for that action. Either is spent
// once; the session's state stays as it was, so the next action needs its own.
import type { FactorPasskey, PassFactor, SensitiveAction } from '@walletframe/protocol'
import { SecondFactorRequiredError } from './errors.js'
import * as Factors from './factors.js'
import type * as Passkey from './passkey.js'
import * as PasskeyFactor from './passkeyFactor.js'
import type * as Sessions from './sessions.js'
import * as Totp from './totp.js'

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
  if (fresh.code === undefined) throw new SecondFactorRequiredError(what[action])
  await Totp.checkFresh(context, authenticated.user.id, fresh.code)
  return 'totp'
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
  await Factors.turnPasskeyOn(context.db, authenticated.user.id, context.now?.() ?? new Date())
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
