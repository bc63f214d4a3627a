// Pure predicates for CAIP ids, free of zod so that the host SDK can check what its frame sends
// without bundling a schema library. The zod schemas in caip.ts refine with these same functions.
// https://chainagnostic.org/CAIPs/caip-2 , https://chainagnostic.org/CAIPs/caip-10
import type { CaipAddress, CaipNetworkId } from '../caip.js'

// namespace [-a-z0-9]{3,8}, reference [-_a-zA-Z0-9]{1,32}, account address [-.%a-zA-Z0-9]{1,128};
// none of them contains ':', so each pattern is exactly "split on ':' and check every part".
/** A CAIP-2 network id: exactly two parts, `namespace:reference`. */
export const caipNetworkIdPattern = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/
/** A CAIP-10 account id: exactly three parts, `namespace:reference:address`. */
export const caipAddressPattern = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}:[-.%a-zA-Z0-9]{1,128}$/

export function isCaipNetworkId(value: unknown): value is CaipNetworkId {
  return typeof value === 'string' && caipNetworkIdPattern.test(value)
}

export function isCaipAddress(value: unknown): value is CaipAddress {
  return typeof value === 'string' && caipAddressPattern.test(value)
}
