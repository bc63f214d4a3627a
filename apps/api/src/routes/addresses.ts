// Account addresses in paths: a plain EVM or Solana address, or a CAIP-10 id that also names the chain.
// Each is checked for what it really is (EIP-55 checksum, a 32-byte base58 key) before any database
// or RPC call: a string that merely looks right would otherwise reach a node that refuses it.
import { evmAddressPattern, isCaipAddress, parseAddress, solanaAddressPattern } from '@walletframe/protocol'
import { type Address, getAddress } from 'viem'
import { InvalidRequestError } from '../errors.js'

export type AccountRef =
  | { namespace: 'eip155'; address: Address; caipNetworkId?: string }
  | { namespace: 'solana'; address: string; caipNetworkId?: string }

export function parseAccount(value: string, field: string): AccountRef {
  let address = value
  let caipNetworkId: string | undefined
  if (isCaipAddress(value)) {
    const parsed = parseAddress(value)
    address = parsed.address
    caipNetworkId = parsed.caipNetworkId
    if (parsed.namespace !== 'eip155' && parsed.namespace !== 'solana') {
      throw new InvalidRequestError(`Invalid ${field}: namespace ${parsed.namespace} is not served`, field)
    }
  }
  const chain = caipNetworkId ? { caipNetworkId } : {}
  if (evmAddressPattern.test(address) && !caipNetworkId?.startsWith('solana:')) {
    const hex = (address.startsWith('0x') ? address : `0x${address}`) as Address
    // Mixed case means an EIP-55 checksum, which must then be right.
    const lower = hex.toLowerCase()
    if (hex !== lower && hex.slice(2) !== hex.slice(2).toUpperCase() && getAddress(lower) !== hex) {
      throw new InvalidRequestError(`Invalid ${field}: EIP-55 checksum mismatch`, field)
    }
    return { namespace: 'eip155', address: getAddress(lower), ...chain }
  }
  if (solanaAddressPattern.test(address) && !caipNetworkId?.startsWith('eip155:')) {
    const bytes = base58ByteLength(address)
    if (bytes !== 32) {
      throw new InvalidRequestError(
        `Invalid ${field}: a Solana address is 32 bytes in base58; this one decodes to ${bytes}`,
        field,
      )
    }
    return { namespace: 'solana', address, ...chain }
  }
  throw new InvalidRequestError(
    `Invalid ${field}: expected an EVM address (0x + 40 hex), a Solana address (base58) or a CAIP-10 id`,
    field,
  )
}

const base58Alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

/**
 * How many bytes a base58 string (Bitcoin alphabet, as Solana uses) decodes to; undefined when it is
 * not base58. Each leading '1' is a zero byte; the rest is one big number.
 */
export function base58ByteLength(value: string): number | undefined {
  let number = 0n
  let zeros = 0
  let leading = true
  for (const char of value) {
    const digit = base58Alphabet.indexOf(char)
    if (digit === -1) return undefined
    if (leading && digit === 0) zeros++
    else leading = false
    number = number * 58n + BigInt(digit)
  }
  let bytes = 0
  for (; number > 0n; number >>= 8n) bytes++
  return zeros + bytes
}

/** A Solana transaction signature: base58 of exactly 64 bytes. */
export function isSolanaSignature(value: string): boolean {
  return value.length <= 88 && base58ByteLength(value) === 64
}
