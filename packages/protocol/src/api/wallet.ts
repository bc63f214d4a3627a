// The embedded wallet's key shares at the API (POST /v1/auth/wallet/…). The frame's Worker splits the
// wallet's entropy 2-of-3 (Shamir): the device share stays in frame storage, the auth share is kept
// here (encrypted at rest) and released only to the session's device key, and the recovery share is
// kept here only as ciphertext the frame made with a key derived from the user's recovery password.
import { EvmAddress, SolanaAddress } from '../address.js'
import * as z from '../internal/zod.js'

const base64url = (min: number, max: number) =>
  z
    .string()
    .check(z.regex(new RegExp(`^[A-Za-z0-9_-]{${min},${max}}$`), `${min} to ${max} base64url characters`))

/** One Shamir share as `shamir-secret-sharing` makes it (the secret's bytes plus an x byte), base64url. */
export const WalletShare = base64url(4, 128)
export type WalletShare = z.infer<typeof WalletShare>

/** The addresses the wallet's keys derive to; the frame compares them after every combine. */
export const WalletAddresses = z.object({
  /** m/44'/60'/0'/0/0. */
  eip155: EvmAddress,
  /** m/44'/501'/0'/0' (SLIP-0010). */
  solana: SolanaAddress,
})
export type WalletAddresses = z.infer<typeof WalletAddresses>

/** The scheme of the recovery share's encryption: PBKDF2-SHA256 of the password, then AES-256-GCM. */
export const recoveryScheme = 'pbkdf2-sha256/aes-256-gcm'

/**
 * The recovery share as the frame encrypted it. The API stores it and hands it back; without the
 * user's password it cannot open it (the password never leaves the frame's Worker).
 */
export const EncryptedRecoveryShare = z.object({
  scheme: z.literal(recoveryScheme),
  /** PBKDF2 iterations (OWASP 2023: 600 000 for SHA-256). */
  iterations: z.int().check(z.minimum(100_000), z.maximum(10_000_000)),
  /** 16 to 32 random bytes. */
  salt: base64url(22, 43),
  /** AES-GCM's 12-byte nonce. */
  iv: base64url(16, 16),
  /** The share, encrypted, with GCM's 16-byte tag. */
  ciphertext: base64url(22, 256),
})
export type EncryptedRecoveryShare = z.infer<typeof EncryptedRecoveryShare>

/** The scheme of a passkey's copy of the recovery share: HKDF-SHA256 of the passkey's PRF output, then AES-256-GCM. */
export const prfRecoveryScheme = 'webauthn-prf/hkdf-sha256/aes-256-gcm'

/** A passkey's credential id (16 to 1023 bytes, WebAuthn's bounds), base64url. */
const PrfCredentialId = base64url(22, 1364)

/**
 * The recovery share encrypted under a key derived from one passkey's PRF output (the WebAuthn `prf`
 * extension). The PRF output exists only in the authenticator and, for a moment, in the frame: the
 * API keeps this ciphertext, the credential it belongs to and the HKDF salt, and can open none of it.
 */
export const PrfRecoveryShare = z.object({
  scheme: z.literal(prfRecoveryScheme),
  /** The passkey whose PRF output opens it; one of the user's passkeys. */
  credentialId: PrfCredentialId,
  /** HKDF's 32-byte salt. */
  salt: base64url(43, 43),
  /** AES-GCM's 12-byte nonce. */
  iv: base64url(16, 16),
  /** The share, encrypted, with GCM's 16-byte tag. */
  ciphertext: base64url(22, 256),
})
export type PrfRecoveryShare = z.infer<typeof PrfRecoveryShare>

export const walletProofPurposes = [
  'create',
  'shares',
  'email-update',
  'totp-status',
  'totp-start',
  'totp-confirm',
  'totp-verify',
  'totp-disable',
  'passkey-list',
  'passkey-add',
  'passkey-remove',
  'factor-pass',
  'totp-threshold',
  'factor-passkey',
  'passkey-factor',
  'recovery-password',
  'factor-verify',
  'factor-threshold',
] as const
export type WalletProofPurpose = (typeof walletProofPurposes)[number]

/**
 * What the session's device key signs to store or fetch shares (UTF-8):
 * `walletframe-wallet\n{purpose}\n{accessToken}\n{timestamp}`. It binds the call to the access token
 * sent beside it and to a time near the server's: a stolen access token alone releases nothing.
 */
export function walletSigningInput(purpose: WalletProofPurpose, accessToken: string, timestamp: number) {
  return `walletframe-wallet\n${purpose}\n${accessToken}\n${timestamp}`
}

/** The device key's proof (the same scheme as a session refresh: ECDSA P-256 / SHA-256, r || s). */
export const DeviceProof = z.object({
  /** Unix milliseconds of the signature; the API refuses one far from its clock. */
  timestamp: z.int().check(z.minimum(0), z.maximum(253_402_300_799_999)),
  signature: z.string().check(z.regex(/^[A-Za-z0-9_-]{86}$/, 'Invalid signature (64 bytes, base64url)')),
})
export type DeviceProof = z.infer<typeof DeviceProof>

/**
 * Stores the shares of a new wallet (once per user; Authorization: Bearer). The recovery share comes
 * under the user's password, under the login passkey's PRF output, or both — never under neither: a
 * wallet with no way to recover on a new device is refused.
 */
export const WalletCreateRequest = z
  .object({
    addresses: WalletAddresses,
    authShare: WalletShare,
    /** Under the recovery password; absent for a wallet a PRF passkey alone protects (one may be added later). */
    recoveryShare: z.optional(EncryptedRecoveryShare),
    /** The recovery share under the login passkey's PRF output, when the passkey has PRF. */
    prfShare: z.optional(PrfRecoveryShare),
    proof: DeviceProof,
  })
  .check(
    z.refine((request) => request.recoveryShare !== undefined || request.prfShare !== undefined, {
      message:
        'A recovery share is required: under a recovery password (recoveryShare) or a passkey (prfShare)',
      path: ['recoveryShare'],
    }),
  )
export type WalletCreateRequest = z.infer<typeof WalletCreateRequest>

export const WalletCreated = z.object({
  addresses: WalletAddresses,
  /** ISO 8601. */
  createdAt: z.string(),
})
export type WalletCreated = z.infer<typeof WalletCreated>

/** Asks for the shares the API keeps (Authorization: Bearer). */
export const WalletSharesRequest = z.object({
  proof: DeviceProof,
  /**
   * Whether to include the recovery ciphertext: only a device without its device share needs it, and
   * every copy handed out is one more chance to guess the password offline.
   */
  recovery: z.optional(z.boolean()),
  /** With `recovery`: also the copy under this passkey's PRF output, if the user's passkey has one. */
  prfCredentialId: z.optional(PrfCredentialId),
})
export type WalletSharesRequest = z.infer<typeof WalletSharesRequest>

/** `exists: false`: the user has no wallet yet; the frame makes one and POSTs …/wallet/create. */
export const WalletShares = z.union([
  z.object({ exists: z.literal(false) }),
  z.object({
    exists: z.literal(true),
    addresses: WalletAddresses,
    authShare: WalletShare,
    /** Only when asked for (`recovery: true`) and the wallet has a recovery password. */
    recoveryShare: z.optional(EncryptedRecoveryShare),
    /**
     * Whether the wallet has a recovery password: false for one a PRF passkey alone protects (it opens
     * on a new device with that passkey only, until the user adds a password).
     */
    recoveryPassword: z.optional(z.boolean()),
    /** Only when asked for (`recovery: true` and `prfCredentialId` naming a passkey that has one). */
    prfShare: z.optional(PrfRecoveryShare),
  }),
])
export type WalletShares = z.infer<typeof WalletShares>
