// The login's errors: ApiError subclasses with stable codes and words a user can act on. The cooldown
// says "Please try again after {n} seconds", word for word, as the frame shows it.
import { ApiError, TooManyRequestsError } from '../errors.js'

/** One code per address per 30 s (unless configured), enforced here, across processes. */
export class EmailCooldownError extends TooManyRequestsError {
  override name = 'EmailCooldownError'
  constructor(retryAfterSeconds: number) {
    super(
      'EMAIL_COOLDOWN',
      retryAfterSeconds,
      (seconds) => `Please try again after ${seconds} seconds`,
      'email',
    )
  }
}

export class InvalidOtpError extends ApiError {
  override name = 'InvalidOtpError'
  constructor() {
    super(400, 'INVALID_OTP', 'The code is not correct; check the latest mail and try again', 'otp')
  }
}

export class OtpLockedError extends ApiError {
  override name = 'OtpLockedError'
  constructor(reason: 'tries' | 'spent') {
    super(
      400,
      'OTP_LOCKED',
      reason === 'tries'
        ? 'Too many wrong codes; request a new code'
        : 'This code is no longer valid (used, or replaced by a newer one); request a new code',
      'otp',
    )
  }
}

/** The address's budget of tries across its attempts is spent for now. */
export class OtpAddressLockedError extends TooManyRequestsError {
  override name = 'OtpAddressLockedError'
  constructor(waitSeconds: number) {
    super(
      'OTP_ADDRESS_LOCKED',
      waitSeconds,
      (seconds) =>
        `Too many codes were tried for this address; try again in ${Math.ceil(seconds / 60)} minutes`,
      'otp',
    )
  }
}

/** The provider's return was presented without the secret only the starting frame's popup holds. */
export class LoginNotBoundError extends ApiError {
  override name = 'LoginNotBoundError'
  constructor() {
    super(
      403,
      'LOGIN_NOT_BOUND',
      'This sign-in was not started in this window; go back to the app and start it there',
      'binding',
    )
  }
}

export class AttemptNotFoundError extends ApiError {
  override name = 'AttemptNotFoundError'
  constructor(field = 'attemptId') {
    super(404, 'AUTH_ATTEMPT_NOT_FOUND', 'No login in progress has this id; start again', field)
  }
}

export class AttemptExpiredError extends ApiError {
  override name = 'AttemptExpiredError'
  constructor(field = 'attemptId') {
    super(400, 'AUTH_ATTEMPT_EXPIRED', 'This login took longer than 10 minutes; start again', field)
  }
}

/** The call does not fit the step the attempt is at. */
export class AttemptStateError extends ApiError {
  override name = 'AttemptStateError'
  constructor(message: string, field = 'attemptId') {
    super(409, 'AUTH_ATTEMPT_STATE', message, field)
  }
}

export class UnauthenticatedError extends ApiError {
  override name = 'UnauthenticatedError'
  constructor(detail = 'Sign in first (Authorization: Bearer <access token>)') {
    super(401, 'UNAUTHENTICATED', detail, 'authorization')
  }
}

export class RefreshRejectedError extends ApiError {
  override name = 'RefreshRejectedError'
  constructor(detail: string) {
    super(
      401,
      'REFRESH_REJECTED',
      `The session cannot be refreshed: ${detail}; sign in again`,
      'refreshToken',
    )
  }
}

export class AuthNotConfiguredError extends ApiError {
  override name = 'AuthNotConfiguredError'
  constructor(what: string, field?: string) {
    super(400, 'AUTH_NOT_CONFIGURED', `${what} is not available on this server`, field)
  }
}

/** The mail server refused or could not be reached: nothing the caller did. */
export class EmailDeliveryError extends ApiError {
  override name = 'EmailDeliveryError'
  constructor(detail: string) {
    super(502, 'EMAIL_DELIVERY_FAILED', `The code could not be mailed: ${detail}; try again in a moment`)
  }
}

export class EmailTakenError extends ApiError {
  override name = 'EmailTakenError'
  constructor() {
    super(409, 'EMAIL_TAKEN', 'This address belongs to another account', 'email')
  }
}

/** Why a social login failed, as the attempt records it for the frame. */
export class SocialLoginError extends Error {
  override name = 'SocialLoginError'
  readonly code = 'SOCIAL_LOGIN_FAILED'
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
  }
}

/** A wallet is created once per user; a second create would orphan the first one's shares. */
export class WalletExistsError extends ApiError {
  override name = 'WalletExistsError'
  constructor() {
    super(409, 'WALLET_EXISTS', 'This account has a wallet already; recover it instead of creating one')
  }
}

/** A wallet whose recovery share comes under neither a password nor a passkey: no new device could open it. */
export class RecoveryShareRequiredError extends ApiError {
  override name = 'RecoveryShareRequiredError'
  constructor() {
    super(400, 'RECOVERY_SHARE_REQUIRED', 'A new wallet needs a recovery password or a passkey with PRF')
  }
}

/** A recovery password is added once: changing one needs the old password, which only the frame can check. */
export class RecoveryPasswordExistsError extends ApiError {
  override name = 'RecoveryPasswordExistsError'
  constructor() {
    super(409, 'RECOVERY_PASSWORD_EXISTS', 'This wallet has a recovery password already')
  }
}

/** The device key's proof over a wallet call does not verify, or is too far from the server's time. */
export class DeviceProofRejectedError extends ApiError {
  override name = 'DeviceProofRejectedError'
  constructor(detail: string) {
    super(401, 'DEVICE_PROOF_REJECTED', `The device could not be verified: ${detail}; sign in again`, 'proof')
  }
}

/** A passkey's registration or assertion does not verify (challenge, origin, signature, counter). */
export class PasskeyRejectedError extends ApiError {
  override name = 'PasskeyRejectedError'
  constructor(detail: string) {
    super(401, 'PASSKEY_REJECTED', `The passkey could not be verified: ${detail}; try again`, 'credential')
  }
}

/** The user has a second factor and this session has not passed it; the auth share waits for it. */
/** A passkey named by a call that is not one of the signed-in user's (or does not exist). */
export class PasskeyNotFoundError extends ApiError {
  override name = 'PasskeyNotFoundError'
  constructor() {
    super(404, 'PASSKEY_NOT_FOUND', 'This passkey is not one of your account’s', 'credentialId')
  }
}

/** The passkey is the account's only login: without it nobody could log in to this wallet again. */
/** The passkey's copy is the only way to recover a wallet that has no recovery password. */
export class LastRecoveryFactorError extends ApiError {
  override name = 'LastRecoveryFactorError'
  constructor() {
    super(
      409,
      'LAST_LOGIN_FACTOR',
      'This passkey is the only way to open your wallet on a new device; add a recovery password or another passkey first',
      'credentialId',
    )
  }
}

export class LastLoginFactorError extends ApiError {
  override name = 'LastLoginFactorError'
  constructor() {
    super(
      409,
      'LAST_LOGIN_FACTOR',
      'This passkey is your only way to log in; add another passkey or login method before removing it',
      'credentialId',
    )
  }
}

export class SecondFactorRequiredError extends ApiError {
  override name = 'SecondFactorRequiredError'
  /**
   * `what`: what the factor is for — opening the wallet, or a sensitive action that needs a fresh one.
   * `passkeyOnly`: the user's only factor is a passkey (no authenticator app), so the words ask for it.
   */
  constructor(what = 'to open the wallet', passkeyOnly = false) {
    super(
      403,
      'SECOND_FACTOR_REQUIRED',
      passkeyOnly
        ? `Confirm with your passkey ${what}`
        : `Enter the code of your authenticator app (or a recovery code) ${what}`,
    )
  }
}

/** A pass for a sensitive action was asked by a user who has no wallet to act on. */
export class WalletMissingError extends ApiError {
  override name = 'WalletMissingError'
  constructor() {
    super(409, 'WALLET_MISSING', 'This account has no wallet yet')
  }
}

/** A code that does not match, or a TOTP code whose step was used before (each code works once). */
export class TotpInvalidError extends ApiError {
  override name = 'TotpInvalidError'
  constructor(reason: 'wrong' | 'used', triesLeft: number) {
    const left = triesLeft === 1 ? '1 try left' : `${triesLeft} tries left`
    super(
      400,
      'TOTP_INVALID',
      reason === 'used'
        ? `This code was used already; wait for the next one in your app (${left})`
        : `The code is not correct; check your authenticator app (${left})`,
      'code',
    )
  }
}

/** Five wrong codes in a row: the factor takes no code until the lock runs out. */
export class TotpLockedError extends TooManyRequestsError {
  override name = 'TotpLockedError'
  constructor(waitSeconds: number) {
    super(
      'TOTP_LOCKED',
      waitSeconds,
      (seconds) => `Too many wrong codes; try again in ${Math.ceil(seconds / 60)} minutes`,
      'code',
    )
  }
}

/** The factor is not in the state the call needs. */
export class TotpStateError extends ApiError {
  override name = 'TotpStateError'
  constructor(state: 'enabled' | 'not-pending' | 'not-enabled') {
    super(
      409,
      'TOTP_STATE',
      state === 'enabled'
        ? 'Two-factor authentication is on already; turn it off first to set up a new app'
        : state === 'not-pending'
          ? 'No authenticator app is being set up; start again'
          : 'Two-factor authentication is not on for this account',
    )
  }
}
