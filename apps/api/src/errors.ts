// The API's errors: each a class with an HTTP status and a stable code (ApiErrorBody.code). Messages
// that clients see word for word ("Invalid Project ID", "Invalid App Configuration", ...) come from
// the protocol's `messages`, never retyped.
import { type ApiErrorBody, type ApiErrorCode, type ApiIssue, messages } from '@walletframe/protocol'
import type { z } from 'zod'
import * as Gcra from './limits/gcra.js'

export type HttpStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429 | 500 | 502

export class ApiError extends Error {
  override name = 'ApiError'
  constructor(
    readonly status: HttpStatus,
    readonly code: ApiErrorCode,
    message: string,
    readonly field?: string,
    readonly issues?: ApiIssue[],
  ) {
    super(message)
  }
  toJSON(): ApiErrorBody {
    return {
      error: this.message,
      code: this.code,
      ...(this.field === undefined ? {} : { field: this.field }),
      ...(this.issues === undefined ? {} : { issues: this.issues }),
    }
  }
}

/** A query, path parameter or body failed its schema. */
export class InvalidRequestError extends ApiError {
  override name = 'InvalidRequestError'
  constructor(message: string, field?: string, issues?: ApiIssue[]) {
    super(400, 'INVALID_REQUEST', message, field, issues)
  }
  /** From a zod failure; `prefix` says where the input came from (`query`, `body`, `path`). */
  static fromZod(prefix: string, error: z.core.$ZodError): InvalidRequestError {
    const issues = error.issues.map((issue) => ({
      path: formatPath(prefix, issue.path),
      message: issue.message,
    }))
    const first = issues[0] ?? { path: prefix, message: 'invalid' }
    return new InvalidRequestError(`Invalid ${first.path}: ${first.message}`, first.path, issues)
  }
}

export function formatPath(prefix: string, path: readonly PropertyKey[]): string {
  let out = prefix
  for (const key of path) out += typeof key === 'number' ? `[${key}]` : `${out ? '.' : ''}${String(key)}`
  return out
}

export class ProjectIdNotConfiguredError extends ApiError {
  override name = 'ProjectIdNotConfiguredError'
  constructor() {
    super(400, 'PROJECT_ID_NOT_CONFIGURED', messages.projectIdNotConfigured, 'projectId')
  }
}

export class InvalidProjectIdError extends ApiError {
  override name = 'InvalidProjectIdError'
  constructor() {
    super(401, 'INVALID_PROJECT_ID', messages.invalidProjectId, 'projectId')
  }
}

export class OriginNotAllowedError extends ApiError {
  override name = 'OriginNotAllowedError'
  constructor() {
    super(403, 'ORIGIN_NOT_ALLOWED', messages.originNotAllowed)
  }
}

/** The analytics endpoint's 403 to a disallowed origin: "Invalid App Configuration". */
export class AppConfigurationError extends ApiError {
  override name = 'AppConfigurationError'
  constructor() {
    super(403, 'INVALID_APP_CONFIGURATION', messages.invalidAppConfiguration)
  }
}

export class NetworkNotSupportedError extends ApiError {
  override name = 'NetworkNotSupportedError'
  constructor(message: string) {
    super(400, 'NETWORK_NOT_SUPPORTED', message, 'chainId')
  }
}

/**
 * Every 429 the API answers is one of these: it says when to come back, and the error handler sends
 * that as Retry-After (RFC 9110 §10.2.3, whole seconds), so a client can wait without guessing. The
 * wait is rounded up to whole seconds, at least 1: retrying after a rounded-down wait is refused again.
 */
export class TooManyRequestsError extends ApiError {
  override name = 'TooManyRequestsError'
  /** Whole seconds (>= 1) until a retry can succeed: the Retry-After header and the message's number. */
  readonly retryAfterSeconds: number
  constructor(
    code: ApiErrorCode,
    waitSeconds: number,
    /** The message, given the seconds it must name (the same the header carries). */
    message: (retryAfterSeconds: number) => string,
    field?: string,
  ) {
    const retryAfterSeconds = Gcra.retryAfter(waitSeconds)
    super(429, code, message(retryAfterSeconds), field)
    this.retryAfterSeconds = retryAfterSeconds
  }
}

/**
 * The Retry-After of a 429: a TooManyRequestsError's wait, or the `retryAfterSeconds` a 429 of
 * another class names (rounded up the same way); undefined when it names none.
 */
export function retryAfterOf(error: ApiError): number | undefined {
  if (error instanceof TooManyRequestsError) return error.retryAfterSeconds
  const seconds = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds
  return typeof seconds === 'number' && Number.isFinite(seconds) ? Gcra.retryAfter(seconds) : undefined
}

export class RateLimitedError extends TooManyRequestsError {
  override name = 'RateLimitedError'
  constructor(retryAfterSeconds: number, scope: 'project' | 'ip' | 'user') {
    super(
      'RATE_LIMITED',
      retryAfterSeconds,
      (seconds) => `Too many requests for this ${scope}; retry after ${seconds} s`,
    )
  }
}

export class PayloadTooLargeError extends ApiError {
  override name = 'PayloadTooLargeError'
  constructor(limitBytes: number) {
    super(413, 'PAYLOAD_TOO_LARGE', `Request body larger than ${limitBytes} bytes`, 'body')
  }
}

/** The chain's RPC endpoint failed, timed out or answered garbage. */
export class UpstreamError extends ApiError {
  override name = 'UpstreamError'
  constructor(
    readonly chainId: string,
    detail: string,
  ) {
    super(502, 'UPSTREAM_UNAVAILABLE', `The RPC endpoint of ${chainId} is unavailable: ${detail}`)
  }
}

/**
 * The chain's node refused the request's parameters (JSON-RPC -32602): the caller sent something
 * that looks like an id but is not one. Input the API could not check itself ends up here, and it is
 * the caller's mistake, not an outage.
 */
export class InvalidParamsError extends ApiError {
  override name = 'InvalidParamsError'
  constructor(
    readonly chainId: string,
    detail: string,
    field?: string,
  ) {
    super(
      400,
      'INVALID_PARAMS',
      `Invalid input for ${chainId}: its RPC endpoint refused it (${detail})`,
      field,
    )
  }
}

export class NotFoundError extends ApiError {
  override name = 'NotFoundError'
  constructor(path: string) {
    super(404, 'NOT_FOUND', `No such endpoint: ${path}`)
  }
}

/** A wallet logo or token icon asked for under an id no registry wallet or listed token has. */
export class ImageNotFoundError extends ApiError {
  override name = 'ImageNotFoundError'
  constructor(what: string) {
    super(404, 'IMAGE_NOT_FOUND', `No image is known for ${what}`)
  }
}

/** The image's source failed (down, a redirect, too large, not an image): nothing to serve, so 404 and the client shows its fallback. */
export class ImageUnavailableError extends ApiError {
  override name = 'ImageUnavailableError'
  constructor(reason: string) {
    super(404, 'IMAGE_UNAVAILABLE', `The image is unavailable: ${reason}`)
  }
}

/** GET /v1/profile/account/{name} for a name nobody registered. */
export class NameNotFoundError extends ApiError {
  override name = 'NameNotFoundError'
  constructor(fullName: string) {
    super(404, 'NAME_NOT_FOUND', `No account is registered under the name ${fullName}`, 'name')
  }
}

export class NameTakenError extends ApiError {
  override name = 'NameTakenError'
  constructor(fullName: string) {
    super(409, 'NAME_TAKEN', `The name ${fullName} is registered already; choose another`, 'name')
  }
}

/** The signature does not verify (EIP-191 for an EOA, ERC-1271 / ERC-6492 for a smart account). */
export class InvalidSignatureError extends ApiError {
  override name = 'InvalidSignatureError'
  constructor() {
    super(401, 'INVALID_SIGNATURE', 'The signature does not verify for this address and message', 'signature')
  }
}

export class StaleMessageError extends ApiError {
  override name = 'StaleMessageError'
  constructor(windowSeconds: number) {
    super(
      400,
      'STALE_MESSAGE',
      `The message timestamp must be within ${windowSeconds} s of the server's time (Unix seconds); sign a new message`,
      'message',
    )
  }
}

export class ReplayedMessageError extends ApiError {
  override name = 'ReplayedMessageError'
  constructor() {
    super(
      409,
      'REPLAYED_MESSAGE',
      'This signed registration was used already; a registration message is accepted once',
      'message',
    )
  }
}

/**
 * A sign-in session that does not hold: the reason (a SessionVerificationError code such as
 * NONCE_REJECTED or INVALID_SIGNATURE) is in the message, for the frame's logs and its users.
 */
export class SignInRejectedError extends ApiError {
  override name = 'SignInRejectedError'
  constructor(reason: string, detail: string, field = 'session') {
    super(401, 'SIGN_IN_REJECTED', `Sign-in rejected (${reason}): ${detail}`, field)
  }
}

export class SessionNotFoundError extends ApiError {
  override name = 'SessionNotFoundError'
  constructor() {
    super(404, 'SESSION_NOT_FOUND', 'No sign-in session has this id', 'id')
  }
}

/** A JSON-RPC error object answered by the upstream node (e.g. execution reverted). */
export class RpcResponseError extends Error {
  override name = 'RpcResponseError'
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }
}

/**
 * Whether a JSON-RPC error says the parameters were wrong. -32602 is the standard code (EIP-1474,
 * and Solana's RPC); some nodes answer -32000 ("server error") with an "invalid argument" message.
 */
export function isInvalidParams(error: { code: number; message: string }): boolean {
  if (error.code === -32602) return true
  return error.code <= -32000 && error.code >= -32099 && /\binvalid (argument|param)/i.test(error.message)
}

/**
 * The API's answer to a failed chain read: invalid params are the caller's 400 (naming `field`), any
 * other JSON-RPC error or undecodable answer is the chain's 502. viem wraps what its transport threw,
 * so the JSON-RPC error is looked for along the `cause` chain.
 */
export function fromChainFailure(chainId: string, error: unknown, what: string, field?: string): ApiError {
  if (error instanceof ApiError) return error
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof RpcResponseError) {
      return isInvalidParams(cause)
        ? new InvalidParamsError(chainId, cause.message, field)
        : new UpstreamError(chainId, `${what}: ${cause.message}`)
    }
  }
  const detail =
    error instanceof Error
      ? ((error as { shortMessage?: string }).shortMessage ?? error.message)
      : String(error)
  return new UpstreamError(chainId, `${what}: ${detail}`)
}

/** The config file is missing, not JSON, or fails its schema; `field` names the bad entry. */
export class ConfigError extends Error {
  override name = 'ConfigError'
  readonly code = 'INVALID_CONFIG'
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message)
  }
}

/** Whether `error` or any error in its cause chain is a `type`. */
export function causedBy(error: unknown, type: abstract new (...args: never[]) => Error): boolean {
  for (let cause: unknown = error; cause instanceof Error; cause = (cause as Error).cause) {
    if (cause instanceof type) return true
  }
  return false
}
