// 2-of-3 Shamir over the wallet's entropy (`shamir-secret-sharing`: GF(2^8), one byte per secret byte
// plus the x-coordinate as the last byte). The library checks nothing on combine — any two byte
// strings "combine" — so every combine here is followed by deriving the addresses and comparing them
// with the stored ones (ShareMismatchError otherwise).
import type { WalletAddresses } from '@walletframe/protocol'
import * as Keys from '@walletframe/recover/keys'
import { combine as combineShares, split as splitSecret } from 'shamir-secret-sharing'
import { FrameError } from '../lib/errors.js'

export class ShareMismatchError extends FrameError {
  override name = 'ShareMismatchError'
  constructor(options?: { cause?: unknown }) {
    super(
      'SHARE_MISMATCH',
      'The wallet could not be restored: its key shares do not match this account (a wrong recovery password, or a damaged share)',
      options,
    )
  }
}

export type Split = { device: Uint8Array; auth: Uint8Array; recovery: Uint8Array }

/**
 * Splits the entropy. The device share is the one at the smallest x in {1, 2, 3} that the auth and
 * recovery shares do not use, so a new device that recovers from those two writes the *same* device
 * share again (`deviceShareOf`), without storing its x anywhere.
 */
export async function split(entropy: Uint8Array): Promise<Split> {
  const [, auth, recovery] = await splitSecret(entropy, 3, 2)
  if (!auth || !recovery) throw new Error('Shamir split gave fewer than 3 shares')
  return { device: await deviceShareOf(auth, recovery), auth, recovery }
}

/** Combines two shares and checks that they derive `expected`; answers the keys. */
export async function combine(
  a: Uint8Array,
  b: Uint8Array,
  expected: WalletAddresses,
): Promise<{ entropy: Uint8Array; keys: Keys.Keys }> {
  let entropy: Uint8Array
  try {
    entropy = await combineShares([a, b])
  } catch (error) {
    throw new ShareMismatchError({ cause: error })
  }
  if (entropy.length !== 16) throw new ShareMismatchError()
  const keys = Keys.fromEntropy(entropy)
  if (!Keys.sameAddresses(keys.addresses, expected)) throw new ShareMismatchError()
  return { entropy, keys }
}

/**
 * The device share from the other two. Lagrange interpolation in GF(2^8) at x equals interpolation
 * at 0 of the same points with every x XOR-ed by x (addition is XOR, so each basis term
 * (x + x_j) / (x_i + x_j) is unchanged); `combine` interpolates at 0, so it evaluates at x for us.
 */
export async function deviceShareOf(auth: Uint8Array, recovery: Uint8Array): Promise<Uint8Array> {
  const xa = auth[auth.length - 1]!
  const xr = recovery[recovery.length - 1]!
  const x = [1, 2, 3].find((candidate) => candidate !== xa && candidate !== xr)!
  const shifted = (share: Uint8Array, xs: number) => {
    const copy = share.slice()
    copy[copy.length - 1] = xs ^ x
    return copy
  }
  const y = await combineShares([shifted(auth, xa), shifted(recovery, xr)])
  const share = new Uint8Array(y.length + 1)
  share.set(y)
  share[y.length] = x
  return share
}

/**
 * One more share of the same wallet, at an x that neither `a` nor `b` uses: after an unlock (device +
 * auth) it stands in for the recovery share when a passkey added then gets its copy — with the auth
 * share it opens the wallet as the recovery share does (any two points of the line give it).
 */
export const thirdShareOf = deviceShareOf
