// The kit secret: what opens the recovery kit of a wallet a PRF passkey protects (it has no recovery
// password). 160 bits HKDF-derived from the passkey's PRF output and the wallet's addresses, written as
// 32 base32 characters in groups of four for the user to write down. The same passkey gives the same
// secret for the same wallet, so every kit made with it opens with the one written down; nothing but
// the passkey (in the frame) can show it again. It is a random key, not a password: the kit's PBKDF2
// stretching adds nothing to it, but keeps one kit format for both.
import { base32nopad } from '@scure/base'
import type { WalletAddresses } from '@walletframe/protocol'

const encoder = new TextEncoder()

/** 20 bytes: 160 bits, 32 base32 characters. */
const secretBytes = 20

/**
 * The kit secret of the wallet at `addresses` for the passkey whose PRF output is `prf` (32 bytes):
 * HKDF-SHA-256 with an empty salt and the info `walletframe-recovery-kit/v1 kit secret|{evm}|{solana}`.
 */
export async function derive(prf: Uint8Array<ArrayBuffer>, addresses: WalletAddresses): Promise<string> {
  const { subtle } = globalThis.crypto
  const material = await subtle.importKey('raw', prf, 'HKDF', false, ['deriveBits'])
  const bits = await subtle.deriveBits(
    {
      name: 'HKDF',
      hash: 'SHA-256',
      salt: new Uint8Array(0),
      info: encoder.encode(
        `walletframe-recovery-kit/v1 kit secret|${addresses.eip155.toLowerCase()}|${addresses.solana}`,
      ),
    },
    material,
    secretBytes * 8,
  )
  return format(base32nopad.encode(new Uint8Array(bits)))
}

/** The secret as it is shown and written down: groups of four, `ABCD-EFGH-…`. */
export function format(secret: string): string {
  return normalize(secret)
    .match(/.{1,4}/g)!
    .join('-')
}

/**
 * The secret as the kit's key takes it: upper case, without the dashes, spaces or line breaks a user
 * writes it with. Base32 has no 0, 1 or 8, so those read back as the letters they are mistaken for
 * (O, I, B).
 */
export function normalize(typed: string): string {
  return typed
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/0/g, 'O')
    .replace(/1/g, 'I')
    .replace(/8/g, 'B')
}
