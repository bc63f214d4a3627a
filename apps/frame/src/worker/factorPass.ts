// The Worker's check of a pass the API signed for a sensitive action (export, recovery kit, a signature
// that moves more than the user's threshold): the API's Ed25519 signature under the key the frame's
// configuration names, the action asked for, the open wallet, this device's key, not expired, and never
// seen before. A script in the frame's page can call the Worker but holds no key that signs a pass, so
// without the user's fresh factor at the API it gets no phrase, no kit and no large send.
import { ed25519 } from '@noble/curves/ed25519'
import { FactorPass, FactorPassClaims, passSigningInput, type SensitiveAction } from '@walletframe/protocol'
import { FrameError } from '../lib/errors.js'
import * as Base64url from './internal/base64url.js'

/** Why a pass was refused; the message says what to do. */
export class PassRejectedError extends FrameError {
  override name = 'PassRejectedError'
  constructor(reason: string) {
    super('FACTOR_PASS_REJECTED', `This action needs a fresh confirmation (${reason}); try again`)
  }
}

/** The frame's configuration names no pass key: no sensitive action can be allowed. */
export class PassKeyMissingError extends FrameError {
  override name = 'PassKeyMissingError'
  constructor() {
    super(
      'PASS_KEY_MISSING',
      'This wallet cannot export or confirm large sends here: the frame has no pass key configured',
    )
  }
}

export type Expected = {
  action: SensitiveAction
  /** The open wallet's EVM address. */
  wallet: string
  /** This device's key as a pass names it (passDevice). */
  device: string
}

/**
 * The passes' checker: `key` answers the API's public key (base64url) or undefined when none is
 * configured; the nonces it took are kept until their pass expires.
 */
export function checker(options: { key(): Promise<string | undefined>; now?: () => number }) {
  const used = new Map<string, number>()
  const now = () => Math.floor((options.now?.() ?? Date.now()) / 1000)
  return {
    /** The pass's claims, once every check passed; its nonce is spent. */
    async take(pass: unknown, expected: Expected): Promise<FactorPassClaims> {
      const key = await options.key()
      if (!key) throw new PassKeyMissingError()
      const wire = FactorPass.safeParse(pass)
      if (!wire.success) throw new PassRejectedError('no pass')
      const [segment, signature] = wire.data.split('.') as [string, string]
      let valid = false
      try {
        valid = ed25519.verify(
          Base64url.decode(signature),
          new TextEncoder().encode(passSigningInput(segment)),
          Base64url.decode(key),
        )
      } catch {
        valid = false
      }
      if (!valid) throw new PassRejectedError('not signed by the login service')
      const claims = FactorPassClaims.parse(JSON.parse(new TextDecoder().decode(Base64url.decode(segment))))
      if (claims.action !== expected.action) throw new PassRejectedError(`a pass for ${claims.action}`)
      if (claims.wallet !== expected.wallet.toLowerCase()) throw new PassRejectedError('another wallet')
      if (claims.device !== expected.device) throw new PassRejectedError('another device')
      const at = now()
      if (claims.exp < at) throw new PassRejectedError('expired')
      for (const [nonce, exp] of used) if (exp < at) used.delete(nonce)
      if (used.has(claims.nonce)) throw new PassRejectedError('used already')
      used.set(claims.nonce, claims.exp)
      return claims
    },
  }
}
