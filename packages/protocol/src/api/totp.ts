// The embedded wallet's second factor at the API (POST /v1/auth/totp/…): a TOTP secret of an
// authenticator app (RFC 6238: SHA-1, 6 digits, 30 s) and ten one-time recovery codes. While it is
// enabled, the API releases the auth share to a session only after that session passed the factor.
// Every call takes the Bearer token and the session device key's proof over it (walletSigningInput).
import * as z from '../internal/zod.js'
import { DeviceProof } from './wallet.js'

/** An amount of a network's native coin in wei, as a decimal string. */
export const Wei = z.string().check(z.regex(/^\d{1,78}$/, 'A decimal amount in wei'))

/** A code of the authenticator app: six digits. */
export const TotpCode = z.string().check(z.regex(/^\d{6}$/, 'The code is 6 digits'))
export type TotpCode = z.infer<typeof TotpCode>

/**
 * A recovery code as shown once at enrolment: ten base32 characters (50 bits) in two groups of five,
 * `xxxxx-xxxxx`. Case and the dash are forgiven when typed back.
 */
export const TotpRecoveryCode = z
  .string()
  .check(
    z.regex(/^[A-Za-z2-7]{5}-?[A-Za-z2-7]{5}$/, 'A recovery code is 10 letters and digits (xxxxx-xxxxx)'),
  )
export type TotpRecoveryCode = z.infer<typeof TotpRecoveryCode>

/**
 * A fresh code for one sensitive action (a code of the app, or a recovery code): changing how the user
 * logs in takes one when the factor is on, however long ago the session passed it.
 */
export const FreshCode = z.union([TotpCode, TotpRecoveryCode])

/** Whether the user has the factor, and whether this session passed it. */
export const TotpStatus = z.object({
  enabled: z.boolean(),
  /** This session gave a valid code (or recovery code) since it started; false while not enabled. */
  verified: z.boolean(),
  /** Recovery codes not yet used (0 while not enabled). */
  recoveryCodesLeft: z.int().check(z.minimum(0), z.maximum(10)),
  /** Signatures worth more of a network's coin than this (wei, decimal) ask for a fresh code; null: none does (or not enabled). */
  sendThreshold: z.nullable(Wei),
})
export type TotpStatus = z.infer<typeof TotpStatus>

/**
 * Sets or clears the send threshold: a fresh code, so that a script with the session alone cannot
 * raise it. Needs the factor on.
 */
export const TotpThresholdRequest = z.object({
  sendThreshold: z.nullable(Wei),
  code: z.union([TotpCode, TotpRecoveryCode]),
  proof: DeviceProof,
})
export type TotpThresholdRequest = z.infer<typeof TotpThresholdRequest>

/** The status, asked for with the device key's proof too: an access token alone learns nothing. */
export const TotpStatusRequest = z.object({ proof: DeviceProof })
export type TotpStatusRequest = z.infer<typeof TotpStatusRequest>

/** Starts an enrolment: a new secret, pending until a first code confirms it. */
export const TotpStartRequest = z.object({ proof: DeviceProof })
export type TotpStartRequest = z.infer<typeof TotpStartRequest>

export const TotpStartResponse = z.object({
  /** The shared secret, base32 (RFC 4648, no padding): what the user types when they cannot scan. */
  secret: z.string().check(z.regex(/^[A-Z2-7]{32}$/, '32 base32 characters')),
  /** `otpauth://totp/…` (the Key Uri Format of authenticator apps), shown as a QR code. */
  uri: z.string().check(z.startsWith('otpauth://totp/'), z.maxLength(512)),
})
export type TotpStartResponse = z.infer<typeof TotpStartResponse>

/** The first code from the app: the pending secret becomes the user's factor. */
export const TotpConfirmRequest = z.object({ code: TotpCode, proof: DeviceProof })
export type TotpConfirmRequest = z.infer<typeof TotpConfirmRequest>

export const TotpConfirmed = z.object({
  /** Shown once; the API keeps only their HMACs. Each opens one login when the app is not at hand. */
  recoveryCodes: z.array(TotpRecoveryCode).check(z.length(10)),
})
export type TotpConfirmed = z.infer<typeof TotpConfirmed>

/** A code of the app, or one unused recovery code: passes the factor for this session. */
export const TotpVerifyRequest = z.object({
  code: z.union([TotpCode, TotpRecoveryCode]),
  proof: DeviceProof,
})
export type TotpVerifyRequest = z.infer<typeof TotpVerifyRequest>

/** Turning the factor off takes a valid code (or recovery code) too. */
export const TotpDisableRequest = TotpVerifyRequest
export type TotpDisableRequest = z.infer<typeof TotpDisableRequest>
