// Email login (VERIFY_DEVICE -> VERIFY_OTP -> CONNECT) and email update (VERIFY_PRIMARY_OTP ->
// VERIFY_SECONDARY_OTP -> DONE). Codes: six digits, stored only as an HMAC bound to the attempt and to
// the code's generation, spent by one conditional UPDATE, killed by a resend or a newer start. Every
// limit is per target address, whoever asks: one code per address per cooldown, 5 wrong tries per
// code, and a budget of tries per address across all its attempts (codeTriesPerAddress). An attempt
// never outlives the 10 minutes from its start, however often its code is resent.
import {
  type AuthConnected,
  connectSigningInput,
  type DeviceProof as DeviceProofBody,
  type DevicePublicKey,
  type EmailStartResponse,
  type EmailUpdateResponse,
} from '@walletframe/protocol'
import type { LimitStore, Rule } from '../limits/LimitStore.js'
import * as DeviceKey from './deviceKey.js'
import * as DeviceProof from './deviceProof.js'
import {
  AttemptExpiredError,
  AttemptNotFoundError,
  AttemptStateError,
  EmailCooldownError,
  EmailTakenError,
  InvalidOtpError,
  OtpAddressLockedError,
  OtpLockedError,
} from './errors.js'
import { codeLifetimeMinutes, type Mailer } from './Mailer.js'
import { codeHmac, digest, newCode, newId, newToken, sameDigest } from './secrets.js'
import * as Sessions from './sessions.js'
import * as Store from './store.js'

/** One code per address per 30 s (unless configured): GCRA with one token that comes back after it. */
export const cooldownSeconds = 30
export const cooldownRule = (seconds = cooldownSeconds): Rule => ({
  capacity: 1,
  refillPerSecond: 1 / seconds,
})
/** Five tries per code; a token comes back only after the code's lifetime, when the code is dead anyway. */
export const otpTriesRule: Rule = { capacity: 5, refillPerSecond: 1 / (codeLifetimeMinutes * 60) }

const lifetimeMs = codeLifetimeMinutes * 60_000

export type Context = Sessions.Context & {
  mailer: Mailer
  /**
   * Fails closed: a store that cannot answer fails the call. The cooldown is a promise to the owners of
   * the addresses, and the tries are all that stands between six digits and a guesser.
   */
  limits: LimitStore
  /** Seconds between two codes to one address (AuthOptions.emailCooldownSeconds); 30 unless set. */
  cooldownSeconds?: number
  /** Codes tried per address across attempts (AuthOptions.codeTriesPerAddress). */
  triesPerAddress?: Rule
}

/** Ten tries, one back an hour, unless configured. */
export const triesPerAddressRule: Rule = { capacity: 10, refillPerSecond: 1 / 3_600 }

const now = (context: Context) => context.now?.() ?? new Date()

/** Normalizes the address as the rows keep it. */
export function normalize(email: string): string {
  return email.trim().toLowerCase()
}

const resendAfter = (context: Context) => context.cooldownSeconds ?? cooldownSeconds

/** Takes the address's one code per cooldown; the wait is in the error (and the 429's Retry-After). */
async function cooldown(context: Context, email: string): Promise<void> {
  const wait = await context.limits.take(`email-cooldown:${email}`, cooldownRule(context.cooldownSeconds))
  if (wait > 0) throw new EmailCooldownError(wait)
}

/**
 * Issues a new code on the attempt (its generation + 1) and mails it to `to`; old codes of the address
 * die. The code lives 10 minutes but never past its attempt, whose end a resend does not move.
 * `to: undefined` issues a code that is mailed to nobody: an update to an address that belongs to
 * someone else answers as any other, and its owner gets a notice instead of a code.
 */
async function sendCode(
  context: Context,
  attempt: Store.Attempt,
  to: { address: string; send: boolean },
  purpose: 'login' | 'update-current' | 'update-new',
  step: string,
): Promise<Store.Attempt> {
  const code = newCode()
  const generation = attempt.codeGeneration + 1
  const codeExpiresAt = new Date(Math.min(now(context).getTime() + lifetimeMs, attempt.expiresAt.getTime()))
  const updated = await Store.advance(context.db, attempt.id, attempt.step, {
    step,
    codeHmac: codeHmac(context.keys.code, attempt.id, generation, code),
    codeGeneration: generation,
    codeExpiresAt,
  })
  if (!updated) throw new AttemptStateError('This login moved on meanwhile; check its status')
  await Store.killCodes(
    context.db,
    attempt.email!,
    attempt.kind === 'email_update' ? 'email_update' : 'email',
    attempt.id,
  )
  if (to.send) await context.mailer.sendCode(to.address, code, purpose)
  else await context.mailer.sendAddressInUse(to.address)
  return updated
}

export declare namespace start {
  type Input = {
    email: string
    deviceKey: DevicePublicKey
    projectId: string
    /** Where the device-approval link points (`{frameOrigin}/verify?token=…`). */
    frameOrigin: string
    /** Shown in the approval mail so the owner recognises the device: a label of ours, never request text. */
    device: string
  }
}

/** Starts a login: a code now, or first an approval link when an existing user's device is new. */
export async function start(context: Context, input: start.Input): Promise<EmailStartResponse> {
  const email = normalize(input.email)
  await cooldown(context, email)
  const thumbprint = await DeviceKey.thumbprint(input.deviceKey)
  const user = await Store.userByEmail(context.db, email)
  const newDevice = user !== undefined && !(await Store.knowsDevice(context.db, user.id, thumbprint))
  const approval = newDevice ? newToken() : undefined
  const expiresAt = new Date(now(context).getTime() + lifetimeMs)
  const attempt = await Store.insertAttempt(context.db, {
    id: newId(),
    kind: 'email',
    step: 'START',
    projectId: input.projectId,
    frameOrigin: input.frameOrigin,
    email,
    deviceKey: input.deviceKey,
    deviceThumbprint: thumbprint,
    approvalHash: approval ? digest(approval) : null,
    expiresAt,
  })
  if (approval) {
    await Store.advance(context.db, attempt.id, 'START', { step: 'VERIFY_DEVICE' })
    // A new start supersedes older codes of the address, as a resend does.
    await Store.killCodes(context.db, email, 'email', attempt.id)
    const link = new URL('/verify', input.frameOrigin)
    link.searchParams.set('projectId', input.projectId)
    link.searchParams.set('token', approval)
    await context.mailer.sendDeviceApproval(email, link.href, input.device)
    return {
      attemptId: attempt.id,
      action: 'VERIFY_DEVICE',
      expiresAt: expiresAt.toISOString(),
      resendAfterSeconds: resendAfter(context),
    }
  }
  const sent = await sendCode(context, attempt, { address: email, send: true }, 'login', 'VERIFY_OTP')
  return {
    attemptId: attempt.id,
    action: 'VERIFY_OTP',
    expiresAt: sent.expiresAt.toISOString(),
    resendAfterSeconds: resendAfter(context),
  }
}

/** The POST from the approval page: the device may go on, and the code is mailed now. */
export async function approveDevice(context: Context, token: string): Promise<void> {
  const attempt = await Store.spendApproval(context.db, digest(token))
  if (!attempt) throw new AttemptNotFoundError('token')
  if (attempt.expiresAt <= now(context)) throw new AttemptExpiredError('token')
  // The mail that carried the link was this address's code for the cooldown; the code follows now.
  await sendCode(context, attempt, { address: attempt.email!, send: true }, 'login', 'VERIFY_OTP')
}

async function live(
  context: Context,
  attemptId: string,
  kind: Store.Attempt['kind'],
): Promise<Store.Attempt> {
  const attempt = await Store.attempt(context.db, attemptId)
  if (!attempt || attempt.kind !== kind)
    throw new AttemptNotFoundError(kind === 'email_update' ? 'updateId' : 'attemptId')
  if (attempt.expiresAt <= now(context))
    throw new AttemptExpiredError(kind === 'email_update' ? 'updateId' : 'attemptId')
  return attempt
}

/** Resend: a new code for the attempt (cooldown applies), the old one dead. */
export async function resend(context: Context, attemptId: string): Promise<EmailStartResponse> {
  const attempt = await live(context, attemptId, 'email')
  if (attempt.step === 'VERIFY_DEVICE') {
    throw new AttemptStateError('Approve this device from the link in the mail first; the code follows')
  }
  if (attempt.step !== 'VERIFY_OTP') throw new AttemptStateError('This login is complete; start a new one')
  await cooldown(context, attempt.email!)
  const sent = await sendCode(
    context,
    attempt,
    { address: attempt.email!, send: true },
    'login',
    'VERIFY_OTP',
  )
  return {
    attemptId: attempt.id,
    action: 'VERIFY_OTP',
    expiresAt: sent.expiresAt.toISOString(),
    resendAfterSeconds: resendAfter(context),
  }
}

/**
 * Checks `otp` against the attempt's live code, mailed to `address`. A try is taken first from the
 * address's budget (across every attempt for it) and then from the code's (5), so a sixth try fails
 * even with the right code; the right code is spent by one conditional update.
 */
async function checkCode(
  context: Context,
  attempt: Store.Attempt,
  address: string,
  otp: string,
  next: string,
): Promise<Store.Attempt> {
  if (!attempt.codeHmac || !attempt.codeExpiresAt) throw new OtpLockedError('spent')
  if (attempt.codeExpiresAt <= now(context)) throw new AttemptExpiredError()
  const locked = await context.limits.take(
    `otp-address:${address}`,
    context.triesPerAddress ?? triesPerAddressRule,
  )
  if (locked > 0) throw new OtpAddressLockedError(locked)
  const wait = await context.limits.take(`otp-tries:${attempt.id}:${attempt.codeGeneration}`, otpTriesRule)
  if (wait > 0) {
    await Store.advance(context.db, attempt.id, attempt.step, { codeHmac: null })
    throw new OtpLockedError('tries')
  }
  const hmac = codeHmac(context.keys.code, attempt.id, attempt.codeGeneration, otp)
  if (!sameDigest(hmac, attempt.codeHmac)) throw new InvalidOtpError()
  const spent = await Store.spendCode(context.db, attempt.id, hmac, { step: next })
  if (!spent) throw new OtpLockedError('spent')
  return spent
}

/**
 * VERIFY_OTP -> CONNECT: the code proves the mailbox, the proof that the device which started the
 * login is the one finishing it; the device becomes known and a session opens.
 */
export async function verify(
  context: Context,
  input: { attemptId: string; otp: string; proof: DeviceProofBody },
): Promise<AuthConnected> {
  const attempt = await live(context, input.attemptId, 'email')
  await DeviceProof.spend(
    context,
    attempt.deviceKey!,
    connectSigningInput(attempt.id, input.proof.timestamp),
    input.proof,
  )
  if (attempt.step === 'VERIFY_DEVICE') {
    throw new AttemptStateError('Approve this device from the link in the mail first; the code follows')
  }
  if (attempt.step !== 'VERIFY_OTP') throw new OtpLockedError('spent')
  await checkCode(context, attempt, attempt.email!, input.otp, 'CONNECT')
  const user = await Store.userForEmail(context.db, attempt.email!)
  await Store.addDevice(context.db, user.id, attempt.deviceThumbprint!)
  const tokens = await Sessions.create(context, {
    userId: user.id,
    authProvider: 'email',
    deviceKey: attempt.deviceKey!,
  })
  return { action: 'CONNECT', user: await Sessions.describe(context.db, user, 'email'), tokens }
}

// ---------------------------------------------------------------------------------------------
// Email update: the current mailbox agrees (or, for a user without one, a login just made again with
// their current method), then the new one proves itself. Whether the new address is free shows in no
// answer: when someone else has it, its owner is told by mail and no code is ever sent there.

export async function startUpdate(
  context: Context,
  input: {
    user: Store.User
    email: string
    projectId: string
    frameOrigin: string
    /**
     * A user without an address: the login they just made again (HandedOver.reauthentication checked
     * it), spent here once the cooldowns let the update start.
     */
    reauthentication?: { spend(): Promise<void> }
  },
): Promise<EmailUpdateResponse> {
  const email = normalize(input.email)
  if (input.user.email === email) throw new AttemptStateError('This is the address already linked', 'email')
  if (!input.user.email && !input.reauthentication) {
    throw new AttemptStateError(
      'Confirm it is you with the login you use now, then add the address',
      'reauthAttemptId',
    )
  }
  // Codes to one address are paced whatever asks for them: the current address's now, and the new
  // address's too, since its code follows the current one's once that is entered.
  if (input.user.email) await cooldown(context, input.user.email)
  await cooldown(context, email)
  if (!input.user.email) await input.reauthentication!.spend()
  const attempt = await Store.insertAttempt(context.db, {
    id: newId(),
    kind: 'email_update',
    step: 'START',
    projectId: input.projectId,
    frameOrigin: input.frameOrigin,
    email,
    userId: input.user.id,
    expiresAt: new Date(now(context).getTime() + lifetimeMs),
  })
  const step = input.user.email ? 'VERIFY_PRIMARY_OTP' : 'VERIFY_SECONDARY_OTP'
  const to = input.user.email
    ? { address: input.user.email, send: true }
    : { address: email, send: !(await taken(context, email, input.user.id)) }
  const sent = await sendCode(context, attempt, to, input.user.email ? 'update-current' : 'update-new', step)
  return {
    updateId: attempt.id,
    action: step,
    expiresAt: sent.expiresAt.toISOString(),
    resendAfterSeconds: resendAfter(context),
  }
}

/** Whether another user has `email`. */
async function taken(context: Context, email: string, userId: string): Promise<boolean> {
  const owner = await Store.userByEmail(context.db, email)
  return owner !== undefined && owner.id !== userId
}

export async function verifyUpdate(
  context: Context,
  input: { user: Store.User; updateId: string; otp: string },
): Promise<EmailUpdateResponse> {
  const attempt = await live(context, input.updateId, 'email_update')
  if (attempt.userId !== input.user.id) throw new AttemptNotFoundError('updateId')
  if (attempt.step === 'VERIFY_PRIMARY_OTP') {
    const checked = await checkCode(
      context,
      attempt,
      input.user.email ?? attempt.email!,
      input.otp,
      'PRIMARY_VERIFIED',
    )
    // No cooldown here: the new address's was taken when this update started, and this is its one code.
    const sent = await sendCode(
      context,
      checked,
      { address: attempt.email!, send: !(await taken(context, attempt.email!, input.user.id)) },
      'update-new',
      'VERIFY_SECONDARY_OTP',
    )
    return {
      updateId: attempt.id,
      action: 'VERIFY_SECONDARY_OTP',
      expiresAt: sent.expiresAt.toISOString(),
      resendAfterSeconds: resendAfter(context),
    }
  }
  if (attempt.step !== 'VERIFY_SECONDARY_OTP') throw new OtpLockedError('spent')
  await checkCode(context, attempt, attempt.email!, input.otp, 'DONE')
  if (!(await Store.setEmail(context.db, input.user.id, attempt.email!))) throw new EmailTakenError()
  return {
    updateId: attempt.id,
    action: 'DONE',
    expiresAt: attempt.expiresAt.toISOString(),
    email: attempt.email!,
  }
}
