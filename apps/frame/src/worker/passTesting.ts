// Tests' stand-in for the API's pass key: passes signed as the API signs them (Ed25519 over the
// claims segment), so the Worker's checks run on real signatures.
import { ed25519 } from '@noble/curves/ed25519'
import { type FactorPassClaims, passDevice, passSigningInput } from '@walletframe/protocol'
import * as Base64url from './internal/base64url.js'

export const passSecret = ed25519.utils.randomPrivateKey()
/** The public half, as the frame's configuration names it. */
export const passKey = Base64url.encode(ed25519.getPublicKey(passSecret))

let counter = 0

/** A pass for `claims` (a fresh nonce, two minutes ahead unless given), signed with `secret`. */
export function signPass(
  claims: Pick<FactorPassClaims, 'action' | 'wallet'> & {
    device: { x: string; y: string }
  } & Partial<Omit<FactorPassClaims, 'action' | 'wallet' | 'device'>>,
  secret: Uint8Array = passSecret,
): string {
  counter += 1
  const full: FactorPassClaims = {
    v: 1,
    factor: 'totp',
    exp: Math.floor(Date.now() / 1000) + 120,
    nonce: `nonce${String(counter).padStart(17, '0')}`,
    ...claims,
    wallet: claims.wallet.toLowerCase(),
    device: passDevice(claims.device),
  }
  const segment = Base64url.encode(new TextEncoder().encode(JSON.stringify(full)))
  const signature = ed25519.sign(new TextEncoder().encode(passSigningInput(segment)), secret)
  return `${segment}.${Base64url.encode(signature)}`
}
