// Envelope encryption of the auth shares at rest: AES-256-GCM under a key HKDF derives from the auth
// secret (the environment's, never the database's), so a copy of the database alone opens nothing.
// The user id is the associated data: a sealed share moved to another user's row fails to open.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

export type Key = {
  /** Stored beside each sealed value, so a rotated key can still open old rows. */
  id: string
  bytes: Buffer
}

/** The envelope key of a secret; `id` names the derivation (bump it with a new secret). */
export function fromSecret(secret: string, id = 'hkdf-v1'): Key {
  return {
    id,
    bytes: Buffer.from(
      hkdfSync('sha256', secret, 'walletframe-auth', 'wallet-share-envelope-aes-256-gcm', 32),
    ),
  }
}

/** iv (12) || ciphertext || tag (16), base64url. */
export function seal(key: Key, plaintext: Uint8Array, associatedData: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key.bytes, iv)
  cipher.setAAD(Buffer.from(associatedData, 'utf8'))
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()])
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url')
}

/** Opens what `seal` made with the same key and associated data; throws if anything differs. */
export function open(key: Key, sealed: string, associatedData: string): Uint8Array {
  const bytes = Buffer.from(sealed, 'base64url')
  if (bytes.length < 12 + 16) throw new Error('Sealed value too short')
  const decipher = createDecipheriv('aes-256-gcm', key.bytes, bytes.subarray(0, 12))
  decipher.setAAD(Buffer.from(associatedData, 'utf8'))
  decipher.setAuthTag(bytes.subarray(bytes.length - 16))
  return new Uint8Array(
    Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]),
  )
}
