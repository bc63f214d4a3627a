// Pieces every API call shares: the SDK identification query (every GET carries projectId, st
// and sv), the bounds every input is held to, and the error body the API answers with.
import * as z from '../internal/zod.js'

// ---------------------------------------------------------------------------------------------
// Bounds. Input reaches Postgres (text and jsonb columns), upstream JSON-RPC nodes and
// JSON.stringify; each of them fails on something a JSON body or a query string can carry, and
// such a failure must be the caller's 400, not the server's 500.

// No lookbehind: the frame bundles this module, and Safari before 16.4 cannot even parse one.
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?:^|[^\ud800-\udbff])[\udc00-\udfff]/

export const unstorableTextMessage = 'must not contain NUL characters or unpaired UTF-16 surrogates'

/**
 * Whether a string can be stored and sent as it is. Postgres text cannot hold NUL; a UTF-16
 * surrogate without its pair has no UTF-8 form, so Postgres jsonb rejects its `\ud800` escape and a
 * text column would silently store U+FFFD instead.
 */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !loneSurrogate.test(value)
}

/** A string of `min` (0 by default) to `max` UTF-16 units that Postgres and UTF-8 can hold. */
export function text(bounds: { max: number; min?: number }) {
  return z
    .string()
    .check(
      z.minLength(bounds.min ?? 0),
      z.maxLength(bounds.max),
      z.refine(isStorableText, { message: unstorableTextMessage }),
    )
}

/** Bounds on free-form JSON (JSON-RPC params, analytics props). */
export type JsonBounds = {
  /** Nesting of arrays and objects; the value itself is depth 1 when it is one. */
  maxDepth: number
  /** Longest string or object key, in UTF-16 units. */
  maxStringLength: number
}

/**
 * The first thing in `value` that is not bounded JSON, with its path. Iterative: a body nested a
 * hundred thousand levels deep must not overflow the stack that checks it.
 */
export function jsonProblem(
  value: unknown,
  bounds: JsonBounds,
): { path: (string | number)[]; message: string } | undefined {
  const stack: { value: unknown; path: (string | number)[]; depth: number }[] = [
    { value, path: [], depth: 0 },
  ]
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { value, path, depth } = next
    if (value === null || typeof value === 'boolean') continue
    if (typeof value === 'number') {
      // JSON.parse turns 1e400 into Infinity, which JSON.stringify would send on as null.
      if (!Number.isFinite(value)) return { path, message: 'must be a finite number' }
      continue
    }
    if (typeof value === 'string') {
      const problem = stringProblem(value, bounds)
      if (problem) return { path, message: problem }
      continue
    }
    if (typeof value !== 'object' || (!Array.isArray(value) && !isPlainObject(value))) {
      return { path, message: 'must be a JSON value' }
    }
    if (depth + 1 > bounds.maxDepth) {
      return { path, message: `must not nest deeper than ${bounds.maxDepth} levels` }
    }
    if (Array.isArray(value)) {
      for (const [i, item] of value.entries())
        stack.push({ value: item, path: [...path, i], depth: depth + 1 })
      continue
    }
    for (const [key, item] of Object.entries(value)) {
      const problem = stringProblem(key, bounds)
      if (problem) return { path: [...path, key], message: `key ${problem}` }
      stack.push({ value: item, path: [...path, key], depth: depth + 1 })
    }
  }
  return undefined
}

function stringProblem(value: string, bounds: JsonBounds): string | undefined {
  if (value.length > bounds.maxStringLength) return `must be at most ${bounds.maxStringLength} characters`
  if (!isStorableText(value)) return unstorableTextMessage
  return undefined
}

function isPlainObject(value: object): boolean {
  const prototype = Object.getPrototypeOf(value)
  return prototype === Object.prototype || prototype === null
}

/** A check that holds a value to `bounds` (see jsonProblem), reporting the offending path. */
export function boundedJson(bounds: JsonBounds) {
  return z.superRefine<unknown>((value, ctx) => {
    const problem = jsonProblem(value, bounds)
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: problem.path, input: value })
  })
}

/** The latest instant the API accepts (9999-12-31T23:59:59.999Z): ISO 8601 keeps a 4-digit year. */
export const maxTimestampMs = Date.UTC(9999, 11, 31, 23, 59, 59, 999)

/** Milliseconds since the epoch, within what a Date, ISO 8601 and Postgres timestamptz all hold. */
export const TimestampMs = z.int().check(z.minimum(0), z.maximum(maxTimestampMs))

// ---------------------------------------------------------------------------------------------
// Identification.

/** The form every project id has (the config file and the CLI create no other). */
export const projectIdPattern = /^[A-Za-z0-9_-]{1,128}$/

export function isProjectId(value: unknown): value is string {
  return typeof value === 'string' && projectIdPattern.test(value)
}

export const ProjectId = z
  .string()
  .check(z.regex(projectIdPattern, 'Invalid project id (letters, digits, - and _; 1 to 128)'))

/** Query parameters every GET carries: the project and the SDK that calls. */
export const SdkQuery = z.object({
  projectId: ProjectId,
  /** SDK type, e.g. `appkit`. */
  st: z.optional(text({ max: 64 })),
  /** SDK version, e.g. `html-wagmi-1.0.0`. */
  sv: z.optional(text({ max: 64 })),
})
export type SdkQuery = z.infer<typeof SdkQuery>

/** A boolean query flag: `true`/`1` or `false`/`0` (query strings carry text only). */
export const QueryFlag = z.pipe(
  z.enum(['true', 'false', '1', '0']),
  z.transform((value) => value === 'true' || value === '1'),
)

// ---------------------------------------------------------------------------------------------
// Errors.

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
  /** The chain's node refused the caller's input as invalid parameters (JSON-RPC -32602). */
  'INVALID_PARAMS',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'UPSTREAM_UNAVAILABLE',
  'NOT_FOUND',
  /** A name nobody registered. */
  'NAME_NOT_FOUND',
  /** The name is registered already (unique per zone). */
  'NAME_TAKEN',
  /** The signature does not verify for the address and message. */
  'INVALID_SIGNATURE',
  /** A signed message's timestamp is outside the accepted window. */
  'STALE_MESSAGE',
  /** A signed message that was accepted once, sent again. */
  'REPLAYED_MESSAGE',
  /** The on-ramp provider refused the request (an asset it does not sell, an amount out of limits). */
  'ONRAMP_REFUSED',
  /** The on-ramp provider did not answer, or none is configured. */
  'ONRAMP_UNAVAILABLE',
  /** A checkout's redirectUrl off the frame's pages (an open redirect at the end of a purchase). */
  'REDIRECT_NOT_ALLOWED',
  /** No pool path (direct or through the wrapped native token) joins the two tokens of a swap. */
  'NO_SWAP_ROUTE',
  /** A sign-in message or signature that does not hold (its reason is in the message). */
  'SIGN_IN_REJECTED',
  /** No sign-in session has this id. */
  'SESSION_NOT_FOUND',
  /** Another code to the same address within 30 s ("Please try again after {n} seconds"). */
  'EMAIL_COOLDOWN',
  /** A one-time code that does not match (tries left in the message). */
  'INVALID_OTP',
  /** The code took 5 wrong tries, or was used, or was replaced by a newer one: request a new code. */
  'OTP_LOCKED',
  /** Too many codes were tried against this address lately, across all its logins: wait (Retry-After). */
  'OTP_ADDRESS_LOCKED',
  /** A social login's return reached a window other than the popup the starting frame opened. */
  'LOGIN_NOT_BOUND',
  /** No login attempt (or email update) has this id. */
  'AUTH_ATTEMPT_NOT_FOUND',
  /** The login attempt ran out of time (10 minutes); start again. */
  'AUTH_ATTEMPT_EXPIRED',
  /** The login attempt is not at the step the call makes (e.g. a code before the device was approved). */
  'AUTH_ATTEMPT_STATE',
  /** No valid access token (Authorization: Bearer) was sent. */
  'UNAUTHENTICATED',
  /** A refresh token that is unknown, used, expired, revoked, or not signed by its device key. */
  'REFRESH_REJECTED',
  /** Email or this social provider is not configured on this API. */
  'AUTH_NOT_CONFIGURED',
  /** The social provider refused the login or answered something that does not verify. */
  'SOCIAL_LOGIN_FAILED',
  /** The mail server did not take the message. */
  'EMAIL_DELIVERY_FAILED',
  /** The address is linked to another user already. */
  'EMAIL_TAKEN',
  /** The user's wallet shares are stored already (a wallet is created once). */
  'WALLET_EXISTS',
  /** A new wallet's recovery share came under neither a password nor a passkey. */
  'RECOVERY_SHARE_REQUIRED',
  /** The wallet has a recovery password already (one is added once, never replaced by the API). */
  'RECOVERY_PASSWORD_EXISTS',
  /** A device-key proof (a login's finish, a wallet call, an email update) that does not verify, is stale, or was used. */
  'DEVICE_PROOF_REJECTED',
  'PASSKEY_REJECTED',
  /** A passkey that is not one of this user's. */
  'PASSKEY_NOT_FOUND',
  /** Removing it would leave the account with no way to log in. */
  'LAST_LOGIN_FACTOR',
  /** The user has a second factor and this session has not passed it: send a code to /v1/auth/totp/verify. */
  'SECOND_FACTOR_REQUIRED',
  /** A TOTP or recovery code that does not match, or a TOTP code used before (each works once). */
  'TOTP_INVALID',
  /** Five wrong codes in a row locked the factor for a while (Retry-After). */
  'TOTP_LOCKED',
  /** The factor is not in the state the call needs (none pending to confirm, none enabled, one enabled already). */
  'TOTP_STATE',
  /** A pass for a sensitive action was asked for a user with no wallet yet. */
  'WALLET_MISSING',
  /** No wallet logo or token icon is known under this id. */
  'IMAGE_NOT_FOUND',
  /** The image's source did not answer with an acceptable image (dead, too large, not an image). */
  'IMAGE_UNAVAILABLE',
  'INTERNAL',
] as const
export type ApiErrorCode = (typeof apiErrorCodes)[number]
