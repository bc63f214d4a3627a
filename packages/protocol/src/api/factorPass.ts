// A fresh factor for a sensitive action, as a pass the API signs (POST /v1/auth/factor/pass) and the
// frame's Worker checks before it acts with keys only it holds: revealing the recovery phrase, sealing
// a recovery kit, a signature that moves more than the user's threshold. A script in the frame's page can call the
// Worker but cannot sign a pass: the Worker knows the API's Ed25519 public key from the frame's own
// configuration, and takes a pass once, for its action, its wallet and its device key, before expiry.
// Without an enabled factor the API signs a pass with factor 'none' for a valid session.
import { CaipNetworkId } from '../caip.js'
import * as z from '../internal/zod.js'
import { FactorPasskey, withFreshFactor } from './auth.js'
import { Wei } from './totp.js'
import { DeviceProof } from './wallet.js'

export const sensitiveActions = ['export', 'recovery-kit', 'login-method', 'send'] as const
/** What a pass allows, once. */
export const SensitiveAction = z.enum(sensitiveActions)
export type SensitiveAction = z.infer<typeof SensitiveAction>

/** How the user proved themselves just now: an authenticator app's code, a passkey, or no factor enabled. */
export const PassFactor = z.enum(['totp', 'passkey', 'none'])
export type PassFactor = z.infer<typeof PassFactor>

/** A token a signature may move: its contract (EVM) or mint (Solana), and the amount in its smallest unit. */
export const PassToken = z.object({
  asset: z.string().check(z.regex(/^(0x[0-9a-fA-F]{40}|[1-9A-HJ-NP-Za-km-z]{32,44})$/)),
  amount: Wei,
})
export type PassToken = z.infer<typeof PassToken>

/**
 * What one signature may move, as the frame's Worker read it from the very payload it will sign (a
 * transaction, a UserOperation, a Solana message, typed data): the API weighs it against the user's
 * threshold, and the Worker signs only a payload that reads the same.
 */
export const PassSpend = z.object({
  /** The network the payload is for (CAIP-2). */
  chain: CaipNetworkId,
  /** The payload's digest (keccak-256, 0x hex): a pass allows that payload only. */
  digest: z.string().check(z.regex(/^0x[0-9a-f]{64}$/)),
  /** The native coin it may take from the wallet, fees at their most included, in the coin's smallest unit. */
  native: Wei,
  /** Tokens it moves or lets another address move (transfers, approvals, permits, swaps' inputs). */
  tokens: z.array(PassToken).check(z.maxLength(16)),
  /** It may move what cannot be read from it (an unknown call or program, an approval of every token, an order). */
  unknown: z.boolean(),
})
export type PassSpend = z.infer<typeof PassSpend>

/** What the API signs. */
export const FactorPassClaims = z.object({
  v: z.literal(1),
  action: SensitiveAction,
  /** The wallet's EVM address, lowercase: a pass for one user's wallet opens no other. */
  wallet: z.string().check(z.regex(/^0x[0-9a-f]{40}$/)),
  /** The session's device key (P-256 x and y, base64url, joined by a dot): another device's Worker refuses it. */
  device: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}$/)),
  factor: PassFactor,
  /** Unix seconds after which the Worker refuses it. */
  exp: z.int().check(z.minimum(0)),
  /** 128 random bits, base64url: the Worker takes each pass once. */
  nonce: z.string().check(z.regex(/^[A-Za-z0-9_-]{22}$/)),
  send: z.optional(PassSpend),
})
export type FactorPassClaims = z.infer<typeof FactorPassClaims>

/** `base64url(JSON claims).base64url(Ed25519 signature)`. */
export const FactorPass = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{40,4000}\.[A-Za-z0-9_-]{86}$/, 'A pass is claims.signature (base64url)'))
export type FactorPass = z.infer<typeof FactorPass>

/** A pass for `action`, with the factor's code (or a passkey's assertion) when the user has one (none otherwise). */
export const FactorPassRequest = withFreshFactor({
  action: SensitiveAction,
  /** For action 'send': what the one signature the pass allows moves (required then, refused otherwise). */
  send: z.optional(PassSpend),
  proof: DeviceProof,
}).check(
  z.refine((request) => (request.action === 'send') === (request.send !== undefined), {
    message: 'a send pass names its transaction (send), and only a send pass does',
    path: ['send'],
  }),
)
export type FactorPassRequest = z.infer<typeof FactorPassRequest>

export const FactorPassResponse = z.object({ pass: FactorPass })
export type FactorPassResponse = z.infer<typeof FactorPassResponse>

/**
 * A challenge for a passkey as the fresh factor of `action` (POST /v1/auth/factor/passkey): the answer
 * is a PasskeyLoginStartResponse whose options allow the user's passkeys only, user verification required.
 */
export const FactorPasskeyStartRequest = z.object({ action: SensitiveAction, proof: DeviceProof })
export type FactorPasskeyStartRequest = z.infer<typeof FactorPasskeyStartRequest>

/**
 * Sets or clears the send threshold with either factor (POST /v1/auth/factor/threshold): a fresh code of
 * the app, or a passkey's assertion over a 'login-method' challenge — so a user whose only factor is a
 * passkey sets it too, and a script with the session alone cannot raise it.
 */
export const FactorThresholdRequest = withFreshFactor({ sendThreshold: z.nullable(Wei), proof: DeviceProof })
export type FactorThresholdRequest = z.infer<typeof FactorThresholdRequest>

/**
 * The threshold now in force (wei of each network's coin): a signature that moves more than this, tokens
 * valued at their price in that coin, asks for a fresh factor; null: none.
 */
export const FactorThreshold = z.object({ sendThreshold: z.nullable(Wei) })
export type FactorThreshold = z.infer<typeof FactorThreshold>

/** What a passkey's challenge may be for: a sensitive action, or passing the factor as the wallet opens. */
export const factorPasskeyPurposes = [...sensitiveActions, 'open'] as const
export const FactorPasskeyPurpose = z.enum(factorPasskeyPurposes)
export type FactorPasskeyPurpose = z.infer<typeof FactorPasskeyPurpose>

/**
 * A challenge for a passkey as the factor the wallet's opening needs (POST /v1/auth/factor/passkey/open),
 * for a user whose passkey is their second factor.
 */
export const FactorPasskeyOpenStartRequest = z.object({ proof: DeviceProof })
export type FactorPasskeyOpenStartRequest = z.infer<typeof FactorPasskeyOpenStartRequest>

/**
 * The passkey's assertion over that challenge (POST /v1/auth/factor/passkey/verify): the session has
 * passed the factor, and the API releases the auth share to it.
 */
export const FactorPasskeyVerifyRequest = z.object({ proof: DeviceProof, passkey: FactorPasskey })
export type FactorPasskeyVerifyRequest = z.infer<typeof FactorPasskeyVerifyRequest>

/** What the Ed25519 signature covers (UTF-8): a domain tag, then the claims segment as sent. */
export function passSigningInput(claimsSegment: string): string {
  return `walletframe-factor-pass\n${claimsSegment}`
}

/** The device key as a pass names it. */
export function passDevice(key: { x: string; y: string }): string {
  return `${key.x}.${key.y}`
}
