// Pieces every API call shares: the SDK identification query (SPEC §7: every GET adds projectId,
// st, sv) and the error body the API answers with.
import * as z from '../internal/zod.js'

/** Query parameters every GET carries: the project and the SDK that calls. */
export const SdkQuery = z.object({
  projectId: z.string().check(z.minLength(1), z.maxLength(128)),
  /** SDK type, e.g. `appkit`. */
  st: z.optional(z.string().check(z.maxLength(64))),
  /** SDK version, e.g. `html-wagmi-1.0.0`. */
  sv: z.optional(z.string().check(z.maxLength(64))),
})
export type SdkQuery = z.infer<typeof SdkQuery>

/** A boolean query flag: `true`/`1` or `false`/`0` (query strings carry text only). */
export const QueryFlag = z.pipe(
  z.enum(['true', 'false', '1', '0']),
  z.transform((value) => value === 'true' || value === '1'),
)

/** One problem found in a request: where (`path`) and what. */
export const ApiIssue = z.object({ path: z.string(), message: z.string() })
export type ApiIssue = z.infer<typeof ApiIssue>

/** Every non-2xx answer of the API. `field` names the first bad input when the request was malformed. */
export const ApiErrorBody = z.object({
  error: z.string(),
  code: z.string(),
  field: z.optional(z.string()),
  issues: z.optional(z.array(ApiIssue)),
})
export type ApiErrorBody = z.infer<typeof ApiErrorBody>

/** Stable codes of `ApiErrorBody.code`. */
export const apiErrorCodes = [
  'INVALID_REQUEST',
  'PROJECT_ID_NOT_CONFIGURED',
  'INVALID_PROJECT_ID',
  'ORIGIN_NOT_ALLOWED',
  'INVALID_APP_CONFIGURATION',
  'NETWORK_NOT_SUPPORTED',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'UPSTREAM_UNAVAILABLE',
  'NOT_FOUND',
  'INTERNAL',
] as const
export type ApiErrorCode = (typeof apiErrorCodes)[number]
