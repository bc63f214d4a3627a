// SLIP-0010 ed25519 derivation (https://github.com/satoshilabs/slips/blob/master/slip-0010.md).
// ed25519 has hardened children only, which is why Solana wallets use m/44'/501'/i'/0'.
import { hmac } from '@noble/hashes/hmac'
import { sha512 } from '@noble/hashes/sha512'

const hardenedOffset = 0x80000000

/** The 32-byte ed25519 private key (seed) at `path`, every segment hardened. */
export function deriveEd25519Seed(seed: Uint8Array, path: string): Uint8Array {
  const segments = path.split('/')
  if (segments[0] !== 'm') throw new Error(`Invalid derivation path: ${path}`)
  let node = hmac(sha512, new TextEncoder().encode('ed25519 seed'), seed)
  for (const segment of segments.slice(1)) {
    if (!segment.endsWith("'")) throw new Error(`ed25519 derivation needs hardened segments: ${path}`)
    const index = Number.parseInt(segment.slice(0, -1), 10) + hardenedOffset
    const data = new Uint8Array(37)
    data.set(node.subarray(0, 32), 1)
    new DataView(data.buffer).setUint32(33, index >>> 0, false)
    node = hmac(sha512, node.subarray(32), data)
  }
  return node.slice(0, 32)
}
