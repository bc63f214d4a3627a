// CAIP-2 network ids (`namespace:reference`) and CAIP-10 account ids (`namespace:reference:address`).
// https://chainagnostic.org/CAIPs/caip-2 , https://chainagnostic.org/CAIPs/caip-10
import { chainNamespaces } from './internal/literals.js'
import { isCaipAddress, isCaipNetworkId } from './internal/patterns.js'
import * as z from './internal/zod.js'

export { chainNamespaces, isCaipAddress, isCaipNetworkId }
export const ChainNamespace = z.enum(chainNamespaces)
export type ChainNamespace = z.infer<typeof ChainNamespace>

/**
 * A string schema whose output is the id type its type-guard refinement proves. zod/mini's `refine`
 * is a check and cannot narrow the schema's type (classic's method did), so the schemas say it here.
 */
type Narrowed<Id extends string> = z.core.$ZodNarrow<z.ZodMiniString<string>, Id>

/** A CAIP-2 network id: exactly two parts, e.g. `eip155:1` or `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`. */
export const CaipNetworkId = z.string().check(
  z.refine((value) => isCaipNetworkId(value), {
    message: 'Invalid CAIP-2 network id (expected namespace:reference)',
  }),
) as Narrowed<CaipNetworkId>
export type CaipNetworkId = `${string}:${string}`

/** A CAIP-10 account id: exactly three parts, e.g. `eip155:1:0xab…`. */
export const CaipAddress = z.string().check(
  z.refine((value) => isCaipAddress(value), {
    message: 'Invalid CAIP-10 account id (expected namespace:reference:address)',
  }),
) as Narrowed<CaipAddress>
export type CaipAddress = `${string}:${string}:${string}`

export class InvalidCaipIdError extends Error {
  override readonly name = 'InvalidCaipIdError'
  readonly code = 'INVALID_CAIP_ID'
  constructor(
    readonly value: string,
    kind: 'network' | 'account',
  ) {
    super(`Invalid CAIP ${kind === 'network' ? 'network id' : 'account id'}: "${value}"`)
  }
}

export type ParsedNetworkId = { namespace: string; reference: string }
export type ParsedAddress = ParsedNetworkId & { address: string; caipNetworkId: CaipNetworkId }

export function parseNetworkId(value: string): ParsedNetworkId {
  if (!isCaipNetworkId(value)) throw new InvalidCaipIdError(value, 'network')
  const [namespace, reference] = value.split(':') as [string, string]
  return { namespace, reference }
}

export function parseAddress(value: string): ParsedAddress {
  if (!isCaipAddress(value)) throw new InvalidCaipIdError(value, 'account')
  const [namespace, reference, address] = value.split(':') as [string, string, string]
  return { namespace, reference, address, caipNetworkId: `${namespace}:${reference}` }
}

export function formatNetworkId(namespace: string, reference: string | number): CaipNetworkId {
  const id = `${namespace}:${reference}`
  if (!isCaipNetworkId(id)) throw new InvalidCaipIdError(id, 'network')
  return id
}

export function formatAddress(caipNetworkId: string, address: string): CaipAddress {
  const id = `${caipNetworkId}:${address}`
  if (!isCaipAddress(id)) throw new InvalidCaipIdError(id, 'account')
  return id
}
