// The recovery share under a passkey's PRF output (the WebAuthn `prf` extension, CTAP2 hmac-secret):
// HKDF-SHA256 turns the 32-byte output into an AES-256-GCM key, with a fresh salt per encryption and
// the wallet and the credential bound as associated data. The output is as strong as a random key
// (the authenticator's secret never leaves it), so no slow password hash is needed; and it exists
// only in the authenticator and, for a moment, in the frame origin's Worker.

import { hkdf } from '@noble/hashes/hkdf'
import { sha256 } from '@noble/hashes/sha2'
import { type PrfRecoveryShare, prfRecoveryScheme } from '@walletframe/protocol'
import { FrameError } from '../lib/errors.js'
import * as Base64url from './internal/base64url.js'

/** What HKDF's `info` names: this key opens a recovery share and nothing else. */
const info = new TextEncoder().encode('walletframe recovery share v1')

export class PrfRecoveryFailedError extends FrameError {
  override name = 'PrfRecoveryFailedError'
  constructor(options?: { cause?: unknown }) {
    super(
      'PRF_RECOVERY_FAILED',
      'This passkey could not open the wallet’s recovery share; use your recovery password',
      options,
    )
  }
}

/** A passkey's PRF output: the credential it came from and its 32 bytes. */
export type PrfOutput = { credentialId: string; output: Uint8Array<ArrayBuffer> }

async function keyOf(output: Uint8Array, salt: Uint8Array): Promise<CryptoKey> {
  // A PRF result is 32 bytes (SHA-256 HMAC); anything else is not one.
  if (output.length !== 32) throw new PrfRecoveryFailedError()
  const raw = hkdf(sha256, output, salt, info, 32)
  return crypto.subtle.importKey('raw', new Uint8Array(raw), 'AES-GCM', false, ['encrypt', 'decrypt'])
}

/** The wallet and the credential as associated data: a copy moved to another wallet or passkey fails to open. */
const aad = (bound: string, credentialId: string) => new TextEncoder().encode(`${bound}|${credentialId}`)

export async function encrypt(
  share: Uint8Array<ArrayBuffer>,
  prf: PrfOutput,
  bound: string,
): Promise<PrfRecoveryShare> {
  const salt = crypto.getRandomValues(new Uint8Array(32))
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const ciphertext = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: aad(bound, prf.credentialId) },
    await keyOf(prf.output, salt),
    share,
  )
  return {
    scheme: prfRecoveryScheme,
    credentialId: prf.credentialId,
    salt: Base64url.encode(salt),
    iv: Base64url.encode(iv),
    ciphertext: Base64url.encode(new Uint8Array(ciphertext)),
  }
}

export async function decrypt(
  encrypted: PrfRecoveryShare,
  prf: PrfOutput,
  bound: string,
): Promise<Uint8Array<ArrayBuffer>> {
  if (encrypted.credentialId !== prf.credentialId) throw new PrfRecoveryFailedError()
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: Base64url.decode(encrypted.iv), additionalData: aad(bound, prf.credentialId) },
      await keyOf(prf.output, Base64url.decode(encrypted.salt)),
      Base64url.decode(encrypted.ciphertext),
    )
    return new Uint8Array(plain)
  } catch (error) {
    throw new PrfRecoveryFailedError({ cause: error })
  }
}
