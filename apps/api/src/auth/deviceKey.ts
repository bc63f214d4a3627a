// The frame's device key: a non-extractable ECDSA P-256 WebCrypto key whose public JWK the API stores
// at login. Its RFC 7638 thumbprint names the device; its signature proves a refresh comes from it.
import { webcrypto } from 'node:crypto'
import { type DevicePublicKey, refreshSigningInput } from '@walletframe/protocol'
import { calculateJwkThumbprint } from 'jose'

export function thumbprint(key: DevicePublicKey): Promise<string> {
  return calculateJwkThumbprint({ kty: key.kty, crv: key.crv, x: key.x, y: key.y }, 'sha256')
}

/** Whether the key is a point on P-256 (importKey checks it; a JWK of the right length may not be one). */
export async function isValid(key: DevicePublicKey): Promise<boolean> {
  try {
    await importKey(key)
    return true
  } catch {
    return false
  }
}

function importKey(key: DevicePublicKey) {
  return webcrypto.subtle.importKey(
    'jwk',
    { kty: key.kty, crv: key.crv, x: key.x, y: key.y, ext: true },
    { name: 'ECDSA', namedCurve: 'P-256' },
    false,
    ['verify'],
  )
}

/** Verifies WebCrypto's ECDSA P-256 / SHA-256 signature (r || s, base64url) over the refresh input. */
export async function verifyRefresh(
  key: DevicePublicKey,
  refreshToken: string,
  timestamp: number,
  signature: string,
): Promise<boolean> {
  try {
    return await webcrypto.subtle.verify(
      { name: 'ECDSA', hash: 'SHA-256' },
      await importKey(key),
      Buffer.from(signature, 'base64url'),
      new TextEncoder().encode(refreshSigningInput(refreshToken, timestamp)),
    )
  } catch {
    return false
  }
}

/** Verifies the device key's ECDSA P-256 / SHA-256 signature (r || s, base64url) over any UTF-8 input. */
export async function verify(key: DevicePublicKey, input: string, signature: string): Promise<boolean> {
  try {
    return await webcrypto.subtle.verify(
      { name: 'ECDSA', hash: 'SHA-256' },
      await importKey(key),
      Buffer.from(signature, 'base64url'),
      new TextEncoder().encode(input),
    )
  } catch {
    return false
  }
}
