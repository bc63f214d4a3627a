// What a WalletConnect wallet may announce in its session's `sessionProperties` (values are text, so
// structured ones arrive as JSON): its EIP-5792 capabilities per address, and the ERC-4337 bundler
// that answers for the batches it sends (by name, or by URL).

import { looseObject } from './internal/looseObject.js'
import * as z from './internal/zod.js'

const HexChainId = z.string().check(z.regex(/^0x[0-9a-fA-F]+$/, 'Expected a chain id in hex (0x…)'))

/** Capabilities per hex chain id ("0x0": every chain), as wallet_getCapabilities answers them. */
export const ChainCapabilities = z.record(HexChainId, z.record(z.string(), z.unknown()))
export type ChainCapabilities = z.infer<typeof ChainCapabilities>

/** The parsed `capabilities` property: an address's capabilities per chain. */
export const SessionCapabilities = z.record(z.string(), ChainCapabilities)
export type SessionCapabilities = z.infer<typeof SessionCapabilities>

/** The session properties the frame reads; others are kept as the wallet sent them. */
export const SessionProperties = looseObject({
  /** JSON of SessionCapabilities. */
  capabilities: z.optional(z.string()),
  /** A bundler the wallet's batches can be looked up at, by its provider's name. */
  bundler_name: z.optional(z.string()),
  /** Or by its JSON-RPC URL. */
  bundler_url: z.optional(z.string()),
})
export type SessionProperties = z.infer<typeof SessionProperties>
