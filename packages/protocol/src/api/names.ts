// Names (the /v1/profile/* calls): `label.zone` names registered with a signed message, resolved to
// addresses per ENSIP-11 coin type, reverse-looked-up and suggested.
import * as z from '../internal/zod.js'
import { SdkQuery, text } from './common.js'

/** A name's label: letters, digits and hyphen only, at least 4; 63 is a DNS label's limit. */
export const nameLabelPattern = /^[a-z0-9-]{4,63}$/
export const minNameLabelLength = 4
export const maxNameLabelLength = 63
export const nameRuleMessage = 'Use letters, digits and hyphens only, at least 4 characters'

/** Whether `label` (already lowercased) follows the name rule. */
export function isNameLabel(label: string): boolean {
  return nameLabelPattern.test(label)
}

/** The label of `value` (`label` or `label.zone`), lowercased: labels are case-insensitive. */
export function nameLabelOf(value: string): string {
  return value.split('.', 1)[0]!.toLowerCase()
}

/** ENSIP-11: 60 is Ethereum mainnet; every other EVM chain is `0x80000000 | chainId`. */
export function coinTypeOfChain(chainId: number): number {
  return chainId === 1 ? 60 : (0x80000000 | chainId) >>> 0
}

/** The EVM chain id a coin type names (ENSIP-11), undefined when it names none. */
export function chainOfCoinType(coinType: number): number | undefined {
  if (coinType === 60) return 1
  if (coinType > 0x80000000 && coinType <= 0xffffffff) return coinType - 0x80000000
  return undefined
}

/** A full name as asked in a path: `label.zone` (or a bare label), bounded before any lookup. */
export const NameParam = text({ min: 1, max: 255 })

export const NameAttributes = z
  .record(text({ min: 1, max: 64 }), text({ max: 2_048 }))
  .check(z.refine((value) => Object.keys(value).length <= 16, 'at most 16 attributes'))
export type NameAttributes = z.infer<typeof NameAttributes>

/** One registered name (apiVersion 2): addresses keyed by ENSIP-11 coin type. */
export const NameAccount = z.object({
  name: z.string(),
  addresses: z.record(z.string(), z.object({ address: z.string() })),
  attributes: NameAttributes,
  /** ISO 8601. */
  createdAt: z.string(),
})
export type NameAccount = z.infer<typeof NameAccount>

export const NameQuery = z.extend(SdkQuery, {
  /** The answer's shape version; 2 (the only one served) when absent. */
  apiVersion: z.optional(z.enum(['2'])),
})
export type NameQuery = z.infer<typeof NameQuery>

export const ReverseNameQuery = z.extend(NameQuery, {
  /** The connected address that asks; informational. */
  sender: z.optional(text({ max: 128 })),
})
export type ReverseNameQuery = z.infer<typeof ReverseNameQuery>

/** The names of an address, newest first. */
export const ReverseNameResponse = z.array(NameAccount)
export type ReverseNameResponse = z.infer<typeof ReverseNameResponse>

export const NameSuggestionsQuery = z.extend(SdkQuery, {
  /** The zone to suggest in; the API's zone when absent. */
  zone: z.optional(text({ min: 1, max: 190 })),
})
export type NameSuggestionsQuery = z.infer<typeof NameSuggestionsQuery>

export const NameSuggestion = z.object({ name: z.string(), registered: z.boolean() })
export type NameSuggestion = z.infer<typeof NameSuggestion>

export const NameSuggestionsResponse = z.object({ suggestions: z.array(NameSuggestion) })
export type NameSuggestionsResponse = z.infer<typeof NameSuggestionsResponse>

/** The signed registration message (JSON text): what the address agrees to. */
export const NameRegistrationMessage = z.object({
  /** `label.zone` (or a bare label, in the API's zone). */
  name: NameParam,
  attributes: z.optional(NameAttributes),
  /** Unix seconds; the API refuses a message far from its clock. */
  timestamp: z.int().check(z.minimum(0), z.maximum(253_402_300_799)),
})
export type NameRegistrationMessage = z.infer<typeof NameRegistrationMessage>

export const NameRegistration = z.object({
  /** ENSIP-11 coin type of the network the address signs on (60 = eip155:1). */
  coin_type: z.int().check(z.minimum(0), z.maximum(0xffffffff)),
  address: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'an EVM address (0x and 40 hex digits)')),
  /** JSON text of a NameRegistrationMessage, signed as is (EIP-191). */
  message: text({ min: 2, max: 8_192 }),
  /** EIP-191 signature, or ERC-1271 / ERC-6492 for smart accounts. */
  signature: z.string().check(z.regex(/^0x[0-9a-fA-F]{2,20000}$/, 'a hex signature')),
})
export type NameRegistration = z.infer<typeof NameRegistration>
