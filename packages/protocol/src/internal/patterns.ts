// Pure predicates for CAIP ids, free of zod so that the host SDK can check what its frame sends
// without bundling a schema library. The zod schemas in caip.ts refine with these same functions.
// https://chainagnostic.org/CAIPs/caip-2 , https://chainagnostic.org/CAIPs/caip-10
import type { CaipAddress, CaipNetworkId } from '../caip.js'

export const caipNamespacePattern = /^[-a-z0-9]{3,8}$/
export const caipReferencePattern = /^[-_a-zA-Z0-9]{1,32}$/
export const caipAccountAddressPattern = /^[-.%a-zA-Z0-9]{1,128}$/

/** A CAIP-2 network id: exactly two parts, `namespace:reference`. */
export function isCaipNetworkId(value: unknown): value is CaipNetworkId {
  if (typeof value !== 'string') return false
  const parts = value.split(':')
  return (
    parts.length === 2 &&
    caipNamespacePattern.test(parts[0] as string) &&
    caipReferencePattern.test(parts[1] as string)
  )
}

/** A CAIP-10 account id: exactly three parts, `namespace:reference:address`. */
export function isCaipAddress(value: unknown): value is CaipAddress {
  if (typeof value !== 'string') return false
  const parts = value.split(':')
  return (
    parts.length === 3 &&
    caipNamespacePattern.test(parts[0] as string) &&
    caipReferencePattern.test(parts[1] as string) &&
    caipAccountAddressPattern.test(parts[2] as string)
  )
}
