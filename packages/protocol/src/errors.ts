// Errors that cross a boundary, as classes with stable codes. EIP-1193 codes follow
// https://eips.ethereum.org/EIPS/eip-1193#provider-errors and EIP-1474 for JSON-RPC ones.
import * as z from './internal/zod.js'

// Codes, messages and classes are zod-free (the host SDK bundles them); only the wire schema is here.
export * from './internal/rpcErrors.js'

/** The wire form of an error (JSON-RPC error object). */
export const ErrorObject = z.object({
  code: z.int(),
  message: z.string(),
  data: z.optional(z.unknown()),
})
export type ErrorObject = z.infer<typeof ErrorObject>
