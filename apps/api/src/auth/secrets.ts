// The login's secrets: random ids and tokens, one-time codes and their HMACs, digests of bearer
// values, and the keys derived from the configured secret (one per use, so a key never serves two).
import {
  createHash,
  createHmac,
  createPrivateKey,
  hkdfSync,
  type KeyObject,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto'

/** 128 random bits, base64url (22 characters): attempt, user and session ids. */
export function newId(): string {
  return randomBytes(16).toString('base64url')
}

/** 256 random bits, base64url (43 characters): approval links, OAuth state, refresh tokens. */
export function newToken(): string {
  return randomBytes(32).toString('base64url')
}

/** Six digits, uniform (crypto randomInt, no modulo bias). */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0')
}

/** SHA-256, hex: how bearer tokens are stored (they carry 256 bits; no key is needed). */
export function digest(value: string): string {
  return createHash('sha256').update(value).digest('hex')
}

export type Keys = {
  /** HMAC key for one-time codes. */
  code: Buffer
  /** HS256 key for access tokens. */
  accessToken: Uint8Array
  /** Ed25519 key the sensitive actions' passes are signed with (factorPass.ts); its public half is the frame's `passKey`. */
  pass: KeyObject
}

/** PKCS #8 of an Ed25519 private key is this fixed prefix and the 32-byte seed (RFC 8410). */
const ed25519Pkcs8Prefix = Buffer.from('302e020100300506032b657004220420', 'hex')

/** HKDF-SHA256 from the configured secret, one key per purpose. */
export function deriveKeys(secret: string): Keys {
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', secret, 'walletframe-auth', info, 32))
  return {
    code: derive('otp-hmac'),
    accessToken: new Uint8Array(derive('access-token-hs256')),
    pass: createPrivateKey({
      key: Buffer.concat([ed25519Pkcs8Prefix, derive('factor-pass-ed25519')]),
      format: 'der',
      type: 'pkcs8',
    }),
  }
}

/**
 * A code's HMAC, bound to its attempt and generation: a code from one attempt, or from before a
 * resend, never matches another. Six digits alone are guessable offline, so the key matters.
 */
export function codeHmac(key: Buffer, attemptId: string, generation: number, code: string): string {
  return createHmac('sha256', key).update(`${attemptId}:${generation}:${code}`).digest('hex')
}

/** Compares two hex digests in constant time. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex')
  const right = Buffer.from(b, 'hex')
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right)
}
