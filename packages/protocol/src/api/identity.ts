// GET /v1/identity/{address}: the name and avatar of an address (ENS reverse record).
import { CaipNetworkId } from '../caip.js'
import * as z from '../internal/zod.js'
import { SdkQuery, text } from './common.js'

export const IdentityQuery = z.extend(SdkQuery, {
  /** The connected address that asks; informational. */
  sender: z.optional(text({ max: 128 })),
  /** The network whose name registry to use; the first configured one with an ENS registry when absent. */
  chainId: z.optional(CaipNetworkId),
})
export type IdentityQuery = z.infer<typeof IdentityQuery>

export const IdentityResponse = z.object({
  name: z.nullable(z.string()),
  avatar: z.nullable(z.string()),
  /** Why the name is null when no chain could be asked (e.g. no ENS registry configured). */
  note: z.optional(z.string()),
})
export type IdentityResponse = z.infer<typeof IdentityResponse>
