// GET /v1/identity/{address} (SPEC §7): the name and avatar of an address (ENS reverse record).
import { z } from 'zod'
import { SdkQuery } from './common.js'

export const IdentityQuery = SdkQuery.extend({
  /** The connected address that asks (SPEC §7 `sender`); informational. */
  sender: z.string().max(128).optional(),
  /** The network whose name registry to use; the first configured one with an ENS registry when absent. */
  chainId: z.string().optional(),
})
export type IdentityQuery = z.infer<typeof IdentityQuery>

export const IdentityResponse = z.object({
  name: z.string().nullable(),
  avatar: z.string().nullable(),
  /** Why the name is null when no chain could be asked (e.g. no ENS registry configured). */
  note: z.string().optional(),
})
export type IdentityResponse = z.infer<typeof IdentityResponse>
