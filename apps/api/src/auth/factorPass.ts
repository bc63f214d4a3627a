// Passes for the sensitive actions the frame's Worker performs with keys the API never holds (export,
// recovery kit, a signature that moves more than the user's threshold) and for a login-method change: signed with the
// API's Ed25519 pass key, for one action, the user's wallet and the session's device key, for two
// minutes. With a second factor enabled, the pass costs a fresh code (spent, counted toward the lock) or
// a passkey's assertion over a challenge for the action (spent);
// without one, a valid session gets a pass that says so (factor 'none').
import { createPublicKey, randomBytes, sign } from 'node:crypto'
import {
  type FactorPassClaims,
  type FactorPassRequest,
  passDevice,
  passSigningInput,
} from '@walletframe/protocol'
import { WalletMissingError } from './errors.js'
import * as Factors from './factors.js'
import * as FreshFactor from './freshFactor.js'
import type * as Passkey from './passkey.js'
import { deriveKeys } from './secrets.js'
import type * as Sessions from './sessions.js'
import * as SpendValue from './spendValue.js'
import type * as Totp from './totp.js'
import * as WalletStore from './walletStore.js'

/** How long a pass lives: the action it is for follows at once. */
export const ttlSeconds = 120

/** The pass key's public half as the frame's configuration names it (`passKey`): 32 bytes, base64url. */
export function publicKeyOf(key: Totp.Context['keys']['pass']): string {
  const { x } = createPublicKey(key).export({ format: 'jwk' })
  return x!
}

/** The pass key's public half for the API configured with auth `secret`: what the frame's `passKey` is set to. */
export function publicKeyForSecret(secret: string): string {
  return publicKeyOf(deriveKeys(secret).pass)
}

/** `claims` signed with `key`: claims.signature, both base64url. */
export function signPass(key: Totp.Context['keys']['pass'], claims: FactorPassClaims): string {
  const segment = Buffer.from(JSON.stringify(claims)).toString('base64url')
  const signature = sign(null, Buffer.from(passSigningInput(segment)), key)
  return `${segment}.${signature.toString('base64url')}`
}

/**
 * Whether an enabled factor asks for a code: always, but for a send worth no more than the user's
 * threshold (or any send while they set none).
 */
function needsCode(
  market: SpendValue.Market,
  factor: { sendThresholdWei: string | null },
  request: Pick<FactorPassRequest, 'action' | 'send'>,
) {
  if (request.action !== 'send') return true
  if (factor.sendThresholdWei === null) return false
  return !request.send || SpendValue.overThreshold(market, request.send, BigInt(factor.sendThresholdWei))
}

/**
 * A pass for `request.action`, after the user's fresh factor (a code, or a passkey's assertion) when
 * they have one (see needsCode); the pass names which.
 */
export async function issue(
  context: FreshFactor.Context,
  market: SpendValue.Market,
  where: Pick<Passkey.Where, 'hostAllowed'>,
  authenticated: Sessions.Authenticated,
  request: Pick<FactorPassRequest, 'action' | 'code' | 'passkey' | 'send'>,
): Promise<string> {
  const userId = authenticated.user.id
  const wallet = await WalletStore.ofUser(context.db, userId)
  if (!wallet) throw new WalletMissingError()
  const enabled = await Factors.enabled(context, userId)
  const factor =
    enabled && needsCode(market, enabled, request)
      ? await FreshFactor.check(context, where, authenticated, request.action, request)
      : 'none'
  const now = context.now?.() ?? new Date()
  return signPass(context.keys.pass, {
    v: 1,
    action: request.action,
    wallet: wallet.evmAddress.toLowerCase(),
    device: passDevice(authenticated.session.deviceKey),
    factor,
    exp: Math.floor(now.getTime() / 1000) + ttlSeconds,
    nonce: randomBytes(16).toString('base64url'),
    ...(request.send ? { send: request.send } : {}),
  })
}
