// The embedded wallet's second factor: a TOTP secret (RFC 6238 through `otpauth`: SHA-1, 6 digits,
// 30 s, what every authenticator app reads from an otpauth:// URI) and ten recovery codes. The secret
// is sealed at rest like the auth share; recovery codes are kept as HMACs. A code works once (its time
// step is spent; a recovery code is marked used); five wrong codes in a row lock the factor for
// `lockSeconds`, counted in the database so every API process sees it. While the factor is enabled, a
// session gets the auth share only after it passed the factor (freshFactor.ts `requirePassed`, which
// counts a passkey chosen as the factor too).
import { createHmac, randomBytes } from 'node:crypto'
import type { TotpConfirmed, TotpStartResponse, TotpStatus } from '@walletframe/protocol'
import { Secret, TOTP } from 'otpauth'
import * as Envelope from './envelope.js'
import { TotpInvalidError, TotpLockedError, TotpStateError } from './errors.js'
import type * as Sessions from './sessions.js'
import type * as Store from './store.js'
import * as TotpStore from './totpStore.js'
import type * as Wallet from './wallet.js'

/** Wrong codes in a row before the lock. */
export const tries = 5
/** How long the lock lasts. */
export const lockSeconds = 15 * 60
/** Steps either side of now a code may be from: one absorbs a phone clock a little off. */
export const window = 1
const period = 30
const issuer = 'Walletframe'

export type Context = Wallet.Context

const clock = (context: Pick<Context, 'now'>) => context.now?.() ?? new Date()

function totpOf(secret: string, label: string): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period, secret: Secret.fromBase32(secret) })
}

function secretOf(context: Context, factor: TotpStore.Factor): string {
  if (factor.envelopeKeyId !== context.envelope.id) {
    throw new Error(
      `TOTP of ${factor.userId} is sealed with envelope key ${factor.envelopeKeyId}, not configured`,
    )
  }
  return Buffer.from(Envelope.open(context.envelope, factor.secret, factor.userId)).toString('utf8')
}

/** Recovery codes are 50 random bits; an HMAC under the server's code key keeps a database copy from guessing them offline. */
function recoveryDigest(context: Context, userId: string, code: string): string {
  const normal = code.replace('-', '').toUpperCase()
  return createHmac('sha256', context.keys.code).update(`totp-recovery:${userId}:${normal}`).digest('hex')
}

const base32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

/** Ten characters of base32 (50 bits), shown as `xxxxx-xxxxx`. */
function newRecoveryCode(): string {
  const chars = [...randomBytes(10)].map((byte) => base32[byte & 31]).join('')
  return `${chars.slice(0, 5)}-${chars.slice(5)}`
}

/** Whether the user has the factor and whether `session` passed it. */
export async function status(context: Context, authenticated: Sessions.Authenticated): Promise<TotpStatus> {
  const factor = await TotpStore.ofUser(context.db, authenticated.user.id)
  const enabled = factor?.enabledAt != null
  return {
    enabled,
    verified: enabled && authenticated.session.secondFactorAt !== null,
    recoveryCodesLeft: enabled ? await TotpStore.recoveryCodesLeft(context.db, authenticated.user.id) : 0,
    sendThreshold: enabled ? (factor?.sendThresholdWei ?? null) : null,
  }
}

/** A new pending secret for the user (replacing a pending one); refused while one is enabled. */
export async function start(context: Context, user: Store.User): Promise<TotpStartResponse> {
  const secret = new Secret({ size: 20 }).base32
  const stored = await TotpStore.putPending(context.db, {
    userId: user.id,
    secret: Envelope.seal(context.envelope, Buffer.from(secret, 'utf8'), user.id),
    envelopeKeyId: context.envelope.id,
  })
  if (!stored) throw new TotpStateError('enabled')
  return { secret, uri: totpOf(secret, user.email ?? 'Wallet').toString() }
}

/**
 * Checks `code` against the user's factor and spends it, one try taken first: a TOTP code spends its
 * time step, a recovery code (`recovery: true`, an enabled factor only) is marked used.
 */
async function spend(
  context: Context,
  factor: TotpStore.Factor,
  code: string,
  options: { recovery: boolean },
): Promise<void> {
  const now = clock(context)
  const { db } = context
  const failures = await TotpStore.takeTry(db, factor.userId, { tries, lockSeconds, now })
  if (failures === undefined) {
    const locked = (await TotpStore.ofUser(db, factor.userId))?.lockedUntil
    throw new TotpLockedError(Math.max(1, ((locked?.getTime() ?? now.getTime()) - now.getTime()) / 1000))
  }
  const left = Math.max(0, tries - failures)
  if (/^\d{6}$/.test(code)) {
    const totp = totpOf(secretOf(context, factor), 'Wallet')
    const delta = totp.validate({ token: code, timestamp: now.getTime(), window })
    if (delta === null) throw new TotpInvalidError('wrong', left)
    const step = totp.counter({ timestamp: now.getTime() }) + delta
    if (!(await TotpStore.spendStep(db, factor.userId, step))) throw new TotpInvalidError('used', left)
  } else {
    const known =
      options.recovery &&
      (await TotpStore.spendRecoveryCode(
        db,
        factor.userId,
        recoveryDigest(context, factor.userId, code),
        now,
      ))
    if (!known) throw new TotpInvalidError('wrong', left)
  }
  await TotpStore.clearTries(db, factor.userId)
}

/**
 * The first code from the app enables the pending factor; answers the ten recovery codes, shown once.
 * The session that confirmed has just passed the factor.
 */
export async function confirm(
  context: Context,
  authenticated: Sessions.Authenticated,
  code: string,
): Promise<TotpConfirmed> {
  const userId = authenticated.user.id
  const factor = await TotpStore.ofUser(context.db, userId)
  if (!factor || factor.enabledAt !== null) throw new TotpStateError('not-pending')
  await spend(context, factor, code, { recovery: false })
  const recoveryCodes = Array.from({ length: 10 }, newRecoveryCode)
  const now = clock(context)
  const digests = recoveryCodes.map((recoveryCode) => recoveryDigest(context, userId, recoveryCode))
  if (!(await TotpStore.enable(context.db, userId, digests, now))) throw new TotpStateError('not-pending')
  await TotpStore.markSession(context.db, authenticated.session.id, now)
  return { recoveryCodes }
}

async function enabled(context: Context, userId: string): Promise<TotpStore.Factor> {
  const factor = await TotpStore.ofUser(context.db, userId)
  if (!factor?.enabledAt) throw new TotpStateError('not-enabled')
  return factor
}

/** A code of the app or an unused recovery code: this session passed the factor. */
export async function verify(
  context: Context,
  authenticated: Sessions.Authenticated,
  code: string,
): Promise<TotpStatus> {
  const factor = await enabled(context, authenticated.user.id)
  await spend(context, factor, code, { recovery: true })
  await TotpStore.markSession(context.db, authenticated.session.id, clock(context))
  return status(context, {
    ...authenticated,
    session: { ...authenticated.session, secondFactorAt: clock(context) },
  })
}

/** The user's factor when it is on (its send threshold with it), else undefined. */
export async function enabledFactor(
  context: Pick<Context, 'db'>,
  userId: string,
): Promise<TotpStore.Factor | undefined> {
  const factor = await TotpStore.ofUser(context.db, userId)
  return factor?.enabledAt ? factor : undefined
}

/** Sets or clears the send threshold, for a fresh code (a session alone cannot raise it). */
export async function setThreshold(
  context: Context,
  authenticated: Sessions.Authenticated,
  request: { sendThreshold: string | null; code: string },
): Promise<TotpStatus> {
  await checkFresh(context, authenticated.user.id, request.code)
  if (!(await TotpStore.setThreshold(context.db, authenticated.user.id, request.sendThreshold)))
    throw new TotpStateError('not-enabled')
  return status(context, authenticated)
}

/**
 * A fresh code for one sensitive action (factorPass.ts): checked and spent as `verify` does, counted
 * toward the same lock, and the session's state unchanged — the next action needs its own code.
 */
export async function checkFresh(context: Context, userId: string, code: string): Promise<void> {
  await spend(context, await enabled(context, userId), code, { recovery: true })
}

/** Turns the factor off, for a valid code (or recovery code) only. */
export async function disable(
  context: Context,
  authenticated: Sessions.Authenticated,
  code: string,
): Promise<TotpStatus> {
  const factor = await enabled(context, authenticated.user.id)
  await spend(context, factor, code, { recovery: true })
  await TotpStore.remove(context.db, authenticated.user.id)
  return { enabled: false, verified: false, recoveryCodesLeft: 0, sendThreshold: null }
}
