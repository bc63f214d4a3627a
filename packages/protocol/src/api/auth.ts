// The embedded wallet's login at the API: email by one-time code (a new device first approved from
// a link in the mail; one code per address per 30 s), social by OAuth 2 / OpenID Connect with the
// API as the client, and the session both end in — a short-lived access token and a refresh token
// bound to the frame's device key (a non-extractable ECDSA P-256 WebCrypto key that signs refreshes).
import * as z from '../internal/zod.js'
import { FrameSocialProvider } from '../validation.js'
import { QueryFlag, SdkQuery, text } from './common.js'
import { FreshCode } from './totp.js'
import { DeviceProof, EncryptedRecoveryShare, PrfRecoveryShare } from './wallet.js'

// ---------------------------------------------------------------------------------------------
// Pieces.

/** Login attempts and users: 128 or more random bits, base64url. */
export const AuthId = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{22,64}$/, 'Invalid id (22 to 64 base64url characters)'))

/** An address as a mailbox takes it; compared lowercased. RFC 5321 caps a path at 254. */
export const AuthEmail = text({ min: 3, max: 254 }).check(z.email('Invalid email address'))

/** The email login's actions, in the order a login takes them. */
export const emailActions = ['VERIFY_DEVICE', 'VERIFY_OTP', 'CONNECT'] as const
export const EmailAction = z.enum(emailActions)
export type EmailAction = z.infer<typeof EmailAction>

/** The email update's actions; DONE once the new address holds. */
export const emailUpdateActions = ['VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP', 'DONE'] as const
export const EmailUpdateAction = z.enum(emailUpdateActions)
export type EmailUpdateAction = z.infer<typeof EmailUpdateAction>

/** A one-time code as mailed: six digits. */
export const EmailOtp = z.string().check(z.regex(/^\d{6}$/, 'The code is 6 digits'))

const base64url = (length: number) =>
  z.string().check(z.regex(new RegExp(`^[A-Za-z0-9_-]{${length}}$`), `${length} base64url characters`))

/**
 * The public half of the frame's device key, as `crypto.subtle.exportKey('jwk', publicKey)` gives it
 * (other members are dropped). The private half never leaves the frame origin and cannot be exported.
 */
export const DevicePublicKey = z.object({
  kty: z.literal('EC'),
  crv: z.literal('P-256'),
  x: base64url(43),
  y: base64url(43),
})
export type DevicePublicKey = z.infer<typeof DevicePublicKey>

/** How the user logged in: a social provider or email. */
export const AuthProvider = z.enum([
  'email',
  'google',
  'github',
  'apple',
  'facebook',
  'x',
  'discord',
  'farcaster',
  'passkey',
])
export type AuthProvider = z.infer<typeof AuthProvider>

export const AuthUser = z.object({
  id: z.string(),
  /** The verified address linked to the user, if any (a provider that does not vouch for one links none). */
  email: z.optional(z.string()),
  /** How this session logged in. */
  authProvider: AuthProvider,
  /** The provider's display name for the user (social logins), when it gives one. */
  userName: z.optional(z.string()),
})
export type AuthUser = z.infer<typeof AuthUser>

/** The tokens of a session. Send the access token as `Authorization: Bearer …`. */
export const AuthTokens = z.object({
  tokenType: z.literal('Bearer'),
  accessToken: z.string(),
  /** ISO 8601. */
  accessTokenExpiresAt: z.string(),
  /** Single use: each refresh answers a new one, and a used one presented again ends the session. */
  refreshToken: z.string(),
  /** ISO 8601: the session's end however often it is refreshed. */
  refreshTokenExpiresAt: z.string(),
})
export type AuthTokens = z.infer<typeof AuthTokens>

/** CONNECT: the login is complete. */
export const AuthConnected = z.object({
  action: z.literal('CONNECT'),
  user: AuthUser,
  tokens: AuthTokens,
})
export type AuthConnected = z.infer<typeof AuthConnected>

// ---------------------------------------------------------------------------------------------
// Email (POST /v1/auth/email/…).

export const EmailStartRequest = z.object({
  email: AuthEmail,
  /** The device that will hold the session; an existing user's unknown device is approved by mail first. */
  deviceKey: DevicePublicKey,
})
export type EmailStartRequest = z.infer<typeof EmailStartRequest>

/**
 * What the device key signs to finish a login (UTF-8): `walletframe-connect\n{attemptId}\n{timestamp}`.
 * Only the device that started an attempt can turn it into a session, and each proof works once.
 */
export function connectSigningInput(attemptId: string, timestamp: number): string {
  return `walletframe-connect\n${attemptId}\n${timestamp}`
}

export const EmailStartResponse = z.object({
  attemptId: z.string(),
  /** VERIFY_DEVICE: wait for the link in the mail (poll GET /v1/auth/attempts/{id}); VERIFY_OTP: a code was sent. */
  action: z.enum(['VERIFY_DEVICE', 'VERIFY_OTP']),
  /** ISO 8601: the attempt (and its code) is refused after this. */
  expiresAt: z.string(),
  /** Seconds before another code may be sent to this address (30 by default). */
  resendAfterSeconds: z.number(),
})
export type EmailStartResponse = z.infer<typeof EmailStartResponse>

export const EmailResendRequest = z.object({ attemptId: AuthId })
export type EmailResendRequest = z.infer<typeof EmailResendRequest>

/** The token from the device-approval link (`/verify?token=…` on the frame origin). */
export const DeviceApprovalRequest = z.object({
  token: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'Invalid approval token')),
})
export type DeviceApprovalRequest = z.infer<typeof DeviceApprovalRequest>

export const DeviceApprovalResponse = z.object({
  approved: z.literal(true),
  /** The login now waits for the code, which was mailed on approval. */
  action: z.literal('VERIFY_OTP'),
})
export type DeviceApprovalResponse = z.infer<typeof DeviceApprovalResponse>

export const EmailVerifyRequest = z.object({
  attemptId: AuthId,
  otp: EmailOtp,
  /** The starting device key's signature over connectSigningInput(attemptId, timestamp). */
  proof: DeviceProof,
})
export type EmailVerifyRequest = z.infer<typeof EmailVerifyRequest>

export const EmailUpdateResponse = z.object({
  updateId: z.string(),
  /** VERIFY_PRIMARY_OTP: a code went to the current address; VERIFY_SECONDARY_OTP: one went to the new one. */
  action: EmailUpdateAction,
  expiresAt: z.string(),
  /** The address now linked (after DONE). */
  email: z.optional(z.string()),
  /** Seconds before another code may go to the address the last one went to. */
  resendAfterSeconds: z.optional(z.number()),
})
export type EmailUpdateResponse = z.infer<typeof EmailUpdateResponse>

export const EmailUpdateVerifyRequest = z.object({ updateId: AuthId, otp: EmailOtp })
export type EmailUpdateVerifyRequest = z.infer<typeof EmailUpdateVerifyRequest>

// ---------------------------------------------------------------------------------------------
// Social (POST /v1/auth/social/…).

export const SocialStartRequest = z.object({
  provider: FrameSocialProvider,
  deviceKey: DevicePublicKey,
  /**
   * SHA-256 (base64url) of a secret the frame hands only to the popup it opened. The provider's return
   * counts only when that popup presents the secret (POST …/social/complete), so a login started in
   * one browser cannot be finished in another (login CSRF).
   */
  bindingChallenge: base64url(43),
})
export type SocialStartRequest = z.infer<typeof SocialStartRequest>

export const SocialStartResponse = z.object({
  /** Keep it: the popup's result is asked for with it. It never appears in a URL. */
  attemptId: z.string(),
  /** Navigate the popup (opened synchronously on the frame origin) here. */
  authorizationUrl: z.string(),
  expiresAt: z.string(),
})
export type SocialStartResponse = z.infer<typeof SocialStartResponse>

/**
 * The popup's last step, from the frame origin's /auth/callback page: the completion secret the
 * provider's return put in that page's address, and the binding secret the frame gave the popup.
 */
export const SocialCompleteRequest = z.object({
  attemptId: AuthId,
  completion: base64url(43),
  binding: base64url(43),
})
export type SocialCompleteRequest = z.infer<typeof SocialCompleteRequest>

export const SocialCompleted = z.object({ status: z.literal('ready') })
export type SocialCompleted = z.infer<typeof SocialCompleted>

export const SocialConnectRequest = z.object({
  attemptId: AuthId,
  /** The starting device key's signature over connectSigningInput(attemptId, timestamp). */
  proof: DeviceProof,
})
export type SocialConnectRequest = z.infer<typeof SocialConnectRequest>

/** The provider's redirect back to the API (query for most, a form post for Apple). */
export const SocialCallbackQuery = z.object({
  state: z.optional(text({ max: 512 })),
  code: z.optional(text({ max: 4096 })),
  error: z.optional(text({ max: 256 })),
  error_description: z.optional(text({ max: 2048 })),
  iss: z.optional(text({ max: 2048 })),
})
export type SocialCallbackQuery = z.infer<typeof SocialCallbackQuery>

export const SocialProviderParam = z.object({ provider: FrameSocialProvider })

// ---------------------------------------------------------------------------------------------
// Farcaster (POST /v1/auth/farcaster/…): Sign In With Farcaster through the auth relay's channel API.

export const FarcasterStartRequest = z.object({ deviceKey: DevicePublicKey })
export type FarcasterStartRequest = z.infer<typeof FarcasterStartRequest>

export const FarcasterStartResponse = z.object({
  /** Keep it: the frame polls the attempt with it (GET /v1/auth/attempts/{attemptId}). */
  attemptId: z.string(),
  /** The relay channel's URL for the Farcaster app: shown as a QR code and a link. */
  channelUrl: z.string(),
  expiresAt: z.string(),
})
export type FarcasterStartResponse = z.infer<typeof FarcasterStartResponse>

export const FarcasterConnectRequest = z.object({
  attemptId: AuthId,
  /** The starting device key's signature over connectSigningInput(attemptId, timestamp). */
  proof: DeviceProof,
})
export type FarcasterConnectRequest = z.infer<typeof FarcasterConnectRequest>

// ---------------------------------------------------------------------------------------------
// Passkeys (POST /v1/auth/passkey/…): WebAuthn with the frame's site as the relying party. Each start
// answers the options for navigator.credentials.create / get with a challenge the API keeps (single
// use, five minutes); the finish carries the browser's credential as JSON (PublicKeyCredential.toJSON())
// and the starting device key's proof, and opens a session bound to that key.

/** base64url of at most `max` characters (the browser's ArrayBuffers in a credential's JSON). */
const bytes = (max: number, min = 1) =>
  z
    .string()
    .check(
      z.minLength(min),
      z.maxLength(max),
      z.regex(/^[A-Za-z0-9_-]*$/, 'base64url (RFC 4648 §5, no padding)'),
    )

/** A credential id: 16 to 1023 bytes (WebAuthn's bounds), base64url. */
export const CredentialId = bytes(1364, 22)

export const PasskeyStartRequest = z.object({
  /** The device that will hold the session. */
  deviceKey: DevicePublicKey,
})
export type PasskeyStartRequest = z.infer<typeof PasskeyStartRequest>

const CredentialDescriptor = z.object({
  id: CredentialId,
  type: z.literal('public-key'),
  transports: z.optional(z.array(text({ max: 32 })).check(z.maxLength(8))),
})

/** PublicKeyCredentialCreationOptionsJSON, as PublicKeyCredential.parseCreationOptionsFromJSON takes it. */
export const PasskeyCreationOptions = z.object({
  challenge: z.string(),
  rp: z.object({ id: z.optional(z.string()), name: z.string() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.literal('public-key') })),
  timeout: z.optional(z.number()),
  excludeCredentials: z.optional(z.array(CredentialDescriptor)),
  authenticatorSelection: z.optional(
    z.object({
      authenticatorAttachment: z.optional(z.enum(['platform', 'cross-platform'])),
      residentKey: z.optional(z.enum(['discouraged', 'preferred', 'required'])),
      requireResidentKey: z.optional(z.boolean()),
      userVerification: z.optional(z.enum(['discouraged', 'preferred', 'required'])),
    }),
  ),
  attestation: z.optional(z.enum(['none', 'indirect', 'direct', 'enterprise'])),
  hints: z.optional(z.array(z.string())),
  extensions: z.optional(z.object({ credProps: z.optional(z.boolean()) })),
})
export type PasskeyCreationOptions = z.infer<typeof PasskeyCreationOptions>

/** PublicKeyCredentialRequestOptionsJSON, as PublicKeyCredential.parseRequestOptionsFromJSON takes it. */
export const PasskeyRequestOptions = z.object({
  challenge: z.string(),
  rpId: z.optional(z.string()),
  timeout: z.optional(z.number()),
  allowCredentials: z.optional(z.array(CredentialDescriptor)),
  userVerification: z.optional(z.enum(['discouraged', 'preferred', 'required'])),
  hints: z.optional(z.array(z.string())),
})
export type PasskeyRequestOptions = z.infer<typeof PasskeyRequestOptions>

export const PasskeyRegisterStartResponse = z.object({
  attemptId: z.string(),
  options: PasskeyCreationOptions,
  /** ISO 8601: the challenge is refused after this. */
  expiresAt: z.string(),
})
export type PasskeyRegisterStartResponse = z.infer<typeof PasskeyRegisterStartResponse>

export const PasskeyLoginStartResponse = z.object({
  attemptId: z.string(),
  options: PasskeyRequestOptions,
  expiresAt: z.string(),
})
export type PasskeyLoginStartResponse = z.infer<typeof PasskeyLoginStartResponse>

const Attachment = z.optional(z.enum(['platform', 'cross-platform']))
/** What the server reads of the client's extension outputs; the rest is dropped. */
const ExtensionResults = z.optional(
  z.object({ credProps: z.optional(z.object({ rk: z.optional(z.boolean()) })) }),
)

/** RegistrationResponseJSON: what navigator.credentials.create() gave, as toJSON() writes it. */
export const PasskeyRegistration = z.object({
  id: CredentialId,
  rawId: CredentialId,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: bytes(4096),
    /** "none" attestation is asked for; a packed one with its certificate chain still fits. */
    attestationObject: bytes(8192),
    transports: z.optional(z.array(text({ max: 32 })).check(z.maxLength(8))),
    publicKeyAlgorithm: z.optional(z.int()),
    publicKey: z.optional(bytes(1024)),
    authenticatorData: z.optional(bytes(4096)),
  }),
  authenticatorAttachment: Attachment,
  clientExtensionResults: ExtensionResults,
})
export type PasskeyRegistration = z.infer<typeof PasskeyRegistration>

/** AuthenticationResponseJSON: what navigator.credentials.get() gave, as toJSON() writes it. */
export const PasskeyAssertion = z.object({
  id: CredentialId,
  rawId: CredentialId,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: bytes(4096),
    authenticatorData: bytes(2048),
    signature: bytes(1024),
    /** The user handle the passkey was made with (at most 64 bytes). */
    userHandle: z.optional(bytes(86)),
  }),
  authenticatorAttachment: Attachment,
  clientExtensionResults: ExtensionResults,
})
export type PasskeyAssertion = z.infer<typeof PasskeyAssertion>

export const PasskeyRegisterFinishRequest = z.object({
  attemptId: AuthId,
  credential: PasskeyRegistration,
  /** The starting device key's signature over connectSigningInput(attemptId, timestamp). */
  proof: DeviceProof,
})
export type PasskeyRegisterFinishRequest = z.infer<typeof PasskeyRegisterFinishRequest>

export const PasskeyLoginFinishRequest = z.object({
  attemptId: AuthId,
  credential: PasskeyAssertion,
  /** The starting device key's signature over connectSigningInput(attemptId, timestamp). */
  proof: DeviceProof,
})
export type PasskeyLoginFinishRequest = z.infer<typeof PasskeyLoginFinishRequest>

// The signed-in user's passkeys (POST /v1/auth/passkey/{list,add/start,add/finish,remove}): each call
// takes the Bearer token and the session device key's proof over it (walletSigningInput), as the
// wallet calls do. A passkey is removed only while another login remains (another passkey, the
// email, a social account).

/** A call that carries nothing but the device key's proof. */
export const PasskeyAccountRequest = z.object({ proof: DeviceProof })
export type PasskeyAccountRequest = z.infer<typeof PasskeyAccountRequest>

/** One of the user's passkeys as the Account view lists it. */
export const PasskeySummary = z.object({
  credentialId: CredentialId,
  /** Where it was made ("Chrome on Linux"), or null for one made before names were kept. */
  name: z.nullable(z.string()),
  /** ISO 8601. */
  createdAt: z.string(),
  /** ISO 8601; null when never used to log in. */
  lastUsedAt: z.nullable(z.string()),
  /** A synced passkey (backed up by its provider), which reaches the user's other devices. */
  backedUp: z.boolean(),
  /** The API keeps a copy of the recovery share this passkey's PRF opens (a recovery with no password). */
  recovery: z.boolean(),
})
export type PasskeySummary = z.infer<typeof PasskeySummary>

export const PasskeyList = z.object({
  passkeys: z.array(PasskeySummary),
  /** Whether the user can log in another way (email, a social account): then any passkey may go. */
  otherLogin: z.boolean(),
  /** Whether the user chose a passkey as their second factor (POST /v1/auth/factor/passkey/on). */
  secondFactor: z.boolean(),
  /**
   * With the passkey the only factor (no authenticator app): sends of more native coin than this (wei,
   * decimal) ask for its touch; null: none (POST /v1/auth/factor/threshold sets it).
   */
  sendThreshold: z.optional(z.nullable(z.string().check(z.regex(/^\d+$/, 'wei, decimal')))),
})
export type PasskeyList = z.infer<typeof PasskeyList>

export const PasskeyAddFinishRequest = z.object({
  attemptId: AuthId,
  credential: PasskeyRegistration,
  /** The recovery share under the new passkey's PRF output (its credential id the new one's), when the frame holds the share. */
  prfShare: z.optional(PrfRecoveryShare),
  /** The session device key's proof over walletSigningInput('passkey-add', …). */
  proof: DeviceProof,
})
export type PasskeyAddFinishRequest = z.infer<typeof PasskeyAddFinishRequest>

// A passkey as the second factor (POST /v1/auth/factor/passkey): wherever a fresh code is asked, an
// assertion of one of the user's passkeys with user verification does instead. Its challenge is the
// API's, single use, for one action of one user and one session's device.

/** A passkey's answer to a fresh-factor challenge: the attempt the challenge came with and the assertion over it. */
export const FactorPasskey = z.object({ attemptId: AuthId, credential: PasskeyAssertion })
export type FactorPasskey = z.infer<typeof FactorPasskey>

/** A fresh factor is a code or a passkey's assertion, never both. */
const oneFactor = z.refine<{ code?: unknown; passkey?: unknown }>(
  (request) => !(request.code && request.passkey),
  {
    message: 'a fresh factor is a code or a passkey, not both',
    path: ['passkey'],
  },
)

/**
 * A request that changes what protects the account or the wallet (`shape`), with the fresh factor a
 * user who has one gives first: a code from the authenticator app (403 SECOND_FACTOR_REQUIRED without
 * one) or, instead, a passkey's assertion (FactorPasskey) — never both.
 */
export function withFreshFactor<const Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  return z
    .object({ ...shape, code: z.optional(FreshCode), passkey: z.optional(FactorPasskey) })
    .check(oneFactor)
}

/** Adding a passkey changes how the user logs in: with the second factor on, a fresh code (or passkey) first. */
export const PasskeyAddStartRequest = withFreshFactor({ proof: DeviceProof })
export type PasskeyAddStartRequest = z.infer<typeof PasskeyAddStartRequest>

export const PasskeyRemoveRequest = withFreshFactor({ credentialId: CredentialId, proof: DeviceProof })
export type PasskeyRemoveRequest = z.infer<typeof PasskeyRemoveRequest>

/**
 * Choosing a passkey as the second factor: an assertion of one of the user's passkeys over a
 * 'login-method' challenge (it changes what protects the account). Turning it off takes a fresh
 * factor like any login-method change.
 */
export const PasskeyFactorOnRequest = z.object({ proof: DeviceProof, passkey: FactorPasskey })
export type PasskeyFactorOnRequest = z.infer<typeof PasskeyFactorOnRequest>

export const PasskeyFactorOffRequest = withFreshFactor({ proof: DeviceProof })
export type PasskeyFactorOffRequest = z.infer<typeof PasskeyFactorOffRequest>

/**
 * Adds a recovery password to a wallet that has none (one a PRF passkey alone protected): the recovery
 * share under it, sealed in the frame's Worker. With a second factor on, a fresh one first, as for any
 * new way into the wallet.
 */
export const RecoveryPasswordRequest = withFreshFactor({
  recoveryShare: EncryptedRecoveryShare,
  proof: DeviceProof,
})
export type RecoveryPasswordRequest = z.infer<typeof RecoveryPasswordRequest>

/** The wallet has a recovery password now. */
export const RecoveryPasswordAdded = z.object({ recoveryPassword: z.literal(true) })
export type RecoveryPasswordAdded = z.infer<typeof RecoveryPasswordAdded>

/**
 * Starts an email update for the signed-in user (Authorization: Bearer). Changing a login method
 * takes a fresh proof of the factors the user has: the session's device key signs
 * walletSigningInput('email-update', accessToken, timestamp), and a user with no address yet names a
 * login they just finished again with their current method (`reauthAttemptId`: a social or Farcaster
 * attempt of theirs, from this device, ready and not connected).
 */
export const EmailUpdateRequest = withFreshFactor({
  email: AuthEmail,
  proof: DeviceProof,
  reauthAttemptId: z.optional(AuthId),
})
export type EmailUpdateRequest = z.infer<typeof EmailUpdateRequest>

// ---------------------------------------------------------------------------------------------
// Attempts (GET /v1/auth/attempts/{attemptId}) — how the frame follows a login it cannot see.

export const attemptStatuses = ['pending', 'ready', 'connected', 'failed', 'expired'] as const

export const AuthAttemptStatus = z.object({
  attemptId: z.string(),
  kind: z.enum(['email', 'social', 'farcaster']),
  /** pending: waiting on the user; ready: POST …/connect (social) or the code (email) finishes it. */
  status: z.enum(attemptStatuses),
  /** Email: the frame action the login is at. */
  action: z.optional(EmailAction),
  provider: z.optional(AuthProvider),
  /** failed: why, in words for the user, and a stable code. */
  error: z.optional(z.object({ code: z.string(), message: z.string() })),
  expiresAt: z.string(),
  /** Email: seconds before another code may be sent to the address (the server's cooldown). */
  resendAfterSeconds: z.optional(z.number()),
})
export type AuthAttemptStatus = z.infer<typeof AuthAttemptStatus>

export const AttemptParam = z.object({ attemptId: AuthId })

/** How long the API holds `GET /v1/auth/attempts/{id}?wait=1` open while the attempt is pending. */
export const attemptHoldMs = 20_000

export const AttemptQuery = z.extend(SdkQuery, {
  /**
   * Hold the answer while the attempt is pending, up to `attemptHoldMs`: the frame hears a login
   * finished in a popup, the Farcaster app or a mailed link as it happens rather than at its next look.
   */
  wait: z.optional(QueryFlag),
})

// ---------------------------------------------------------------------------------------------
// Sessions (POST /v1/auth/session/…).

/** What the device key signs to refresh: `walletframe-refresh\n{refreshToken}\n{timestamp}` (UTF-8). */
export function refreshSigningInput(refreshToken: string, timestamp: number): string {
  return `walletframe-refresh\n${refreshToken}\n${timestamp}`
}

export const RefreshRequest = z.object({
  refreshToken: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'Invalid refresh token')),
  /** Unix milliseconds of the signature; the API refuses one far from its clock. */
  timestamp: z.int().check(z.minimum(0), z.maximum(253_402_300_799_999)),
  /**
   * ECDSA P-256 / SHA-256 over refreshSigningInput(), as WebCrypto's `sign` returns it (r || s, 64
   * bytes), base64url.
   */
  signature: z.string().check(z.regex(/^[A-Za-z0-9_-]{86}$/, 'Invalid signature (64 bytes, base64url)')),
})
export type RefreshRequest = z.infer<typeof RefreshRequest>

export const AuthSignedOut = z.object({ revoked: z.literal(true) })
export type AuthSignedOut = z.infer<typeof AuthSignedOut>

// ---------------------------------------------------------------------------------------------
// Configuration of a social provider's client at the API (the devstack's stand-in describes itself so).

export const SocialProviderSettings = z.object({
  clientId: text({ min: 1, max: 512 }),
  /** Kept by the API only. */
  clientSecret: text({ min: 1, max: 4096 }),
  /** OpenID Connect issuer (google, apple): endpoints and keys come from its discovery document. */
  issuer: z.optional(z.url()),
  /** OAuth 2 endpoints (github, discord, x, facebook); each provider's real one when absent. */
  authorizationEndpoint: z.optional(z.url()),
  tokenEndpoint: z.optional(z.url()),
  /** The provider's user endpoint (GitHub /user, Discord /users/@me, X /2/users/me, Facebook /me). */
  userinfoEndpoint: z.optional(z.url()),
  /** GitHub only: /user/emails, where the verified flag is. */
  emailsEndpoint: z.optional(z.url()),
})
export type SocialProviderSettings = z.infer<typeof SocialProviderSettings>
