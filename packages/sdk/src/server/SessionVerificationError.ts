// Why verifySession refused a sign-in session: one class, a stable code per reason, so a route can
// answer 401 for every code and log the code (never echo the message to an attacker who crafted it).

export const sessionVerificationErrorCodes = [
  /** Not a sign-in session, or its message is not a well-formed EIP-4361 / SIWS message. */
  'MALFORMED',
  /** The message says something other than session.data (or its CACAO) does. */
  'DATA_MISMATCH',
  /** Signed for another site. */
  'DOMAIN_MISMATCH',
  /** The URI is not under the expected origin. */
  'URI_MISMATCH',
  /** nonceCheck refused the nonce: unknown, already used or expired. */
  'NONCE_REJECTED',
  /** Past its Expiration Time. */
  'EXPIRED',
  /** Before its Not Before time. */
  'NOT_YET_VALID',
  /** The message's chain is not session.data's, or not the chain of the node that would verify it. */
  'CHAIN_MISMATCH',
  /** The message's account is not session.data.accountAddress. */
  'ADDRESS_MISMATCH',
  /** The signature is not the account's signature of the message. */
  'INVALID_SIGNATURE',
  /** A chain namespace this verifier cannot check (only eip155 and solana). */
  'UNSUPPORTED_NAMESPACE',
  /** An eip155 session, but neither a publicClient nor an rpcUrls entry for its chain. */
  'NO_RPC',
] as const

export type SessionVerificationErrorCode = (typeof sessionVerificationErrorCodes)[number]

export class SessionVerificationError extends Error {
  override readonly name = 'SessionVerificationError'
  constructor(
    readonly code: SessionVerificationErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options)
  }
}
