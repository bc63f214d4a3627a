// JSON-RPC 2.0 errors the relay answers with (https://www.jsonrpc.org/specification#error_object),
// the hosted relay's handler errors, and the auth failure that closes a socket. Codes are
// stable; clients branch on them.

export class RpcError extends Error {
  override name = 'RpcError'
  readonly code: number
  /** The hosted relay's machine-readable tag (relay_rpc `ErrorData.data`), where it sends one. */
  readonly data: string | undefined
  constructor(code: number, message: string, data?: string) {
    super(message)
    this.code = code
    this.data = data
  }
  toJSON(): { code: number; message: string; data?: string } {
    return this.data === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, data: this.data }
  }
}

export class ParseError extends RpcError {
  override name = 'ParseError'
  constructor(message = 'Parse error') {
    super(-32700, message)
  }
}

export class InvalidRequestError extends RpcError {
  override name = 'InvalidRequestError'
  constructor(message = 'Invalid request') {
    super(-32600, message)
  }
}

export class MethodNotFoundError extends RpcError {
  override name = 'MethodNotFoundError'
  constructor(method: string) {
    super(-32601, `Method not found: ${method}`)
  }
}

export class InvalidParamsError extends RpcError {
  override name = 'InvalidParamsError'
  constructor(message: string) {
    super(-32602, `Invalid params: ${message}`)
  }
}

export class InternalError extends RpcError {
  override name = 'InternalError'
  constructor(message = 'Internal error') {
    super(-32603, message)
  }
}

/**
 * A publish the relay will not store, answered as the hosted relay answers it: relay_rpc
 * (WalletConnectRust `rpc/error.rs`) sends handler errors with code -32000 (`CODE_HANDLER`),
 * the message `Request handler error: <description>` and the error's tag as `data`.
 */
export class PublishError extends RpcError {
  override name = 'PublishError'
  constructor(tag: 'TtlTooShort' | 'TtlTooLong' | 'MailboxLimitExceeded', description: string) {
    super(-32000, `Request handler error: ${description}`, tag)
  }
}

/** The publish's `ttl` is below 1 s: the message would expire before anyone could fetch it. */
export class TtlTooShortError extends PublishError {
  override name = 'TtlTooShortError'
  constructor() {
    super('TtlTooShort', 'TTL too short')
  }
}

/** The publish's `ttl` is above the relay's maximum (`maxTtlSeconds`). */
export class TtlTooLongError extends PublishError {
  override name = 'TtlTooLongError'
  constructor() {
    super('TtlTooLong', 'TTL too long')
  }
}

/**
 * Storing the message would put a recipient's mailbox (the messages waiting for one client)
 * over its message or byte cap. The recipient has to fetch or acknowledge its mail first.
 */
export class MailboxLimitExceededError extends PublishError {
  override name = 'MailboxLimitExceededError'
  constructor() {
    super('MailboxLimitExceeded', 'Mailbox limit exceeded')
  }
}

/**
 * The client's `auth` JWT is missing, malformed, badly signed, expired or for another relay.
 * The hosted relay accepts the WebSocket, then closes it with code 3000 (relay_rpc `CODE_AUTH`)
 * and this message as the reason, e.g. `Authorization error: JWT validation error: Invalid
 * audience` (walletconnect-monorepo#3042). Core 2.25 treats a 3000 close as fatal: the relayer
 * emits `relayer_error` and stops reconnecting, instead of retrying a refused upgrade forever.
 */
export class RelayAuthError extends Error {
  override name = 'RelayAuthError'
  /** The WebSocket close code the relay sends. */
  readonly code = 3000
  constructor(reason: string) {
    super(`Authorization error: ${reason}`)
  }
}
