// JSON-RPC 2.0 errors the relay answers with (https://www.jsonrpc.org/specification#error_object),
// plus the upgrade-time auth failure. Codes are stable; clients branch on them.

export class RpcError extends Error {
  override name = 'RpcError'
  readonly code: number
  constructor(code: number, message: string) {
    super(message)
    this.code = code
  }
  toJSON(): { code: number; message: string } {
    return { code: this.code, message: this.message }
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

/** The client's `auth` JWT is missing, malformed, badly signed, expired or for another relay. */
export class RelayAuthError extends Error {
  override name = 'RelayAuthError'
  readonly code = 'RELAY_AUTH_INVALID'
  constructor(reason: string) {
    super(`Relay auth rejected: ${reason}`)
  }
}
