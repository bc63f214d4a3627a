// The recovery share's encryption under the user's recovery password: PBKDF2-SHA256 (600 000
// iterations, OWASP 2023) -> AES-256-GCM, in WebCrypto. The API stores the result and cannot open it;
// someone holding the API's rows can still try passwords offline, so the password's strength is the
// recovery share's strength (the README says so).
import { type EncryptedRecoveryShare, recoveryScheme } from '@walletframe/protocol'
import { FrameError } from '../lib/errors.js'
import * as Base64url from './internal/base64url.js'

export const iterations = 600_000
/** A password shorter than this is refused before anything is encrypted. */
export const minimumPasswordLength = 8

export class WrongRecoveryPasswordError extends FrameError {
  override name = 'WrongRecoveryPasswordError'
  constructor(options?: { cause?: unknown }) {
    super('WRONG_RECOVERY_PASSWORD', 'The recovery password is not correct; try again', options)
  }
}

export class WeakRecoveryPasswordError extends FrameError {
  override name = 'WeakRecoveryPasswordError'
  constructor() {
    super(
      'WEAK_RECOVERY_PASSWORD',
      `Choose a recovery password of at least ${minimumPasswordLength} characters`,
    )
  }
}

async function keyOf(password: string, salt: Uint8Array<ArrayBuffer>, rounds: number): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, [
    'deriveKey',
  ])
  return crypto.subtle.deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations: rounds },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  )
}

/** `associatedData` binds the ciphertext to the wallet (its addresses), so a swapped row fails to open. */
export async function encrypt(
  share: Uint8Array<ArrayBuffer>,
  password: string,
  associatedData: string,
  rounds = iterations,
): Promise<EncryptedRecoveryShare> {
  if (password.length < minimumPasswordLength) throw new WeakRecoveryPasswordError()
  const salt = crypto.getRandomValues(new Uint8Array(16))
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const ciphertext = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(associatedData) },
    await keyOf(password, salt, rounds),
    share,
  )
  return {
    scheme: recoveryScheme,
    iterations: rounds,
    salt: Base64url.encode(salt),
    iv: Base64url.encode(iv),
    ciphertext: Base64url.encode(new Uint8Array(ciphertext)),
  }
}

export async function decrypt(
  encrypted: EncryptedRecoveryShare,
  password: string,
  associatedData: string,
): Promise<Uint8Array<ArrayBuffer>> {
  const key = await keyOf(password, Base64url.decode(encrypted.salt), encrypted.iterations)
  try {
    const plain = await crypto.subtle.decrypt(
      {
        name: 'AES-GCM',
        iv: Base64url.decode(encrypted.iv),
        additionalData: new TextEncoder().encode(associatedData),
      },
      key,
      Base64url.decode(encrypted.ciphertext),
    )
    return new Uint8Array(plain)
  } catch (error) {
    throw new WrongRecoveryPasswordError({ cause: error })
  }
}
