// Sign-in sessions at the API (/v1/sessions): the frame asks for a single-use nonce bound to
// the project and the host origin it verified, has the account sign a message with it, and stores
// the signed session; a host's backend reads a session's status by id, and the frame ends it on
// disconnect with a MAC made with the session's revocation key (`pci` is the session id, as the
// smart-session calls name the thing they revoke).

import * as z from '../internal/zod.js'
import { SignInSession } from '../siwx.js'
import { text } from './common.js'

/** A web origin as browsers send it: scheme, host and optional port, nothing else. */
export const WebOrigin = text({ min: 1, max: 2048 }).check(
  z.regex(/^https?:\/\/[^/?#\s]+$/, 'Invalid origin (expected scheme://host[:port])'),
)

/** Session ids: 128 random bits, base64url. */
export const SessionId = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{22}$/, 'Invalid session id (22 base64url characters)'))

export const SessionNonceRequest = z.object({
  /** The host page's origin, as the frame verified it in the handshake. */
  origin: WebOrigin,
})
export type SessionNonceRequest = z.infer<typeof SessionNonceRequest>

export const SessionNonce = z.object({
  /** Single use; EIP-4361 and SIWS take 8 or more alphanumerics. */
  nonce: z.string(),
  /** ISO time after which the nonce is refused. */
  expiresAt: z.string(),
})
export type SessionNonce = z.infer<typeof SessionNonce>

export const CreateSessionRequest = z.object({
  /** The host page's origin the nonce was issued for; the message's domain and URI must match it. */
  origin: WebOrigin,
  session: SignInSession,
})
export type CreateSessionRequest = z.infer<typeof CreateSessionRequest>

export const CreatedSession = z.object({
  id: z.string(),
  /**
   * Hex key (32 bytes) that revokes this session: `signature` = HMAC-SHA256(key, "revoke:" + id).
   * Only the frame that created the session holds it.
   */
  revocationKey: z.string(),
})
export type CreatedSession = z.infer<typeof CreatedSession>

export const sessionStatuses = ['active', 'expired', 'revoked'] as const

/** What the API knows of a stored session; what a host's backend checks a nonce against. */
export const SessionRecord = z.object({
  id: z.string(),
  status: z.enum(sessionStatuses),
  /** The account (namespace form) and its chain (CAIP-2). */
  address: z.string(),
  chainId: z.string(),
  domain: z.string(),
  uri: z.string(),
  /** The nonce the API issued and this session spent. */
  nonce: z.string(),
  issuedAt: z.string(),
  expiresAt: z.optional(z.string()),
  revokedAt: z.optional(z.string()),
})
export type SessionRecord = z.infer<typeof SessionRecord>

export const RevokeSessionRequest = z.object({
  /** The id of the session to revoke (must equal the path's). */
  pci: SessionId,
  /** Hex HMAC-SHA256 of `revoke:<id>` with the session's revocation key. */
  signature: z.string().check(z.regex(/^(0x)?[0-9a-fA-F]{64}$/, 'Invalid signature (32 bytes of hex)')),
})
export type RevokeSessionRequest = z.infer<typeof RevokeSessionRequest>

export const RevokedSession = z.object({ id: z.string(), status: z.literal('revoked') })
export type RevokedSession = z.infer<typeof RevokedSession>

/** The text a revocation MAC is made of. */
export function revocationMessage(id: string): string {
  return `revoke:${id}`
}
