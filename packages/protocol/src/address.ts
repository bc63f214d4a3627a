// Address formats: EVM 40 hex digits with an optional 0x, Solana base58 of 32 to 44 characters.
// Checksum validation of EVM addresses happens where viem is loaded (frame, api); these patterns are the cheap structural check every side can run.
import * as z from './internal/zod.js'

/** EVM: 40 hex digits with an optional 0x prefix. */
export const evmAddressPattern = /^(0x)?[0-9a-fA-F]{40}$/
/** Solana: base58 (no 0, O, I, l) of 32 to 44 characters. */
export const solanaAddressPattern = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

export const EvmAddress = z
  .string()
  .check(z.regex(evmAddressPattern, 'Invalid EVM address (expected 40 hex digits)'))
export const SolanaAddress = z
  .string()
  .check(z.regex(solanaAddressPattern, 'Invalid Solana address (expected base58 of 32 to 44 characters)'))

export function isAddressOf(namespace: string, address: string): boolean {
  if (namespace === 'eip155') return evmAddressPattern.test(address)
  if (namespace === 'solana') return solanaAddressPattern.test(address)
  return address.length > 0
}
