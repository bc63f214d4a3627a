// Account addresses in paths: a plain EVM or Solana address, or a CAIP-10 id that also names the chain.
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
    return { namespace: 'solana', address, ...chain }
  }
  throw new InvalidRequestError(
    `Invalid ${field}: expected an EVM address (0x + 40 hex), a Solana address (base58) or a CAIP-10 id`,
    field,
  )
}
