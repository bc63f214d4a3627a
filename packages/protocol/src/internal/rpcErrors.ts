// EIP-1193 / EIP-1474 error codes, the spec's messages and the error classes, free of zod so the
// host SDK can create and recognise them without bundling a schema library. Re-exported by errors.ts.
// https://eips.ethereum.org/EIPS/eip-1193#provider-errors
import type { ErrorObject } from '../errors.js'

export const rpcErrorCodes = {
  userRejected: 4001,
  unauthorized: 4100,
  unsupportedMethod: 4200,
  disconnected: 4900,
  chainDisconnected: 4901,
  unrecognizedChain: 4902,
  invalidParams: -32602,
  internal: -32603,
  methodNotFound: -32601,
  /** Walletframe channel: the request waited longer than its timeout. */
  timeout: -32000,
  /** Spec §8 chain codes. */
  chainDefault: 5000,
  invalidChainId: 32603,
} as const

/** Messages the spec gives word for word (SPEC §8). */
export const messages = {
  invalidAppConfiguration: 'Invalid App Configuration',
  originNotAllowed: 'Origin not found on Allowlist',
  invalidProjectId: 'Invalid Project ID',
  projectIdNotConfigured: 'Project ID Not Configured',
  rpcNotAllowed: 'Requested RPC call is not allowed',
  actionNotAllowed: 'Action not allowed',
  sessionExpired: 'Session Expired',
  networkNotFound: 'Network not found',
  unsupportedChain: 'Unsupported chain',
  failedToDisconnect: 'Failed to disconnect',
  connectBeforeRequest: 'Please call connect() before request()',
  iframeNotSet: 'W3mFrame: iframe is not set',
  userRejected: 'User rejected the request.',
  frameGone: 'The wallet frame is not available',
  requestTimedOut: 'The wallet frame did not answer in time',
  destroyed: 'The Walletframe instance was destroyed',
} as const

/** An EIP-1193 provider error: what `provider.request` rejects with. */
export class ProviderRpcError extends Error {
  override name = 'ProviderRpcError'
  readonly code: number
  readonly data: unknown
  constructor(code: number, message: string, data?: unknown) {
    super(message)
    this.code = code
    this.data = data
  }
  toJSON(): ErrorObject {
    return this.data === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, data: this.data }
  }
  static from(error: ErrorObject): ProviderRpcError {
    return new ProviderRpcError(error.code, error.message, error.data)
  }
}

export class UserRejectedRequestError extends ProviderRpcError {
  override name = 'UserRejectedRequestError'
  constructor(message: string = messages.userRejected) {
    super(rpcErrorCodes.userRejected, message)
  }
}

export class UnauthorizedError extends ProviderRpcError {
  override name = 'UnauthorizedError'
  constructor(message: string = messages.rpcNotAllowed) {
    super(rpcErrorCodes.unauthorized, message)
  }
}

export class UnsupportedMethodError extends ProviderRpcError {
  override name = 'UnsupportedMethodError'
  constructor(method: string) {
    super(rpcErrorCodes.unsupportedMethod, `${messages.rpcNotAllowed}: ${method}`)
  }
}

export class DisconnectedError extends ProviderRpcError {
  override name = 'DisconnectedError'
  constructor(message: string = messages.connectBeforeRequest) {
    super(rpcErrorCodes.disconnected, message)
  }
}

export class UnrecognizedChainError extends ProviderRpcError {
  override name = 'UnrecognizedChainError'
  constructor(chainId: string) {
    super(rpcErrorCodes.unrecognizedChain, `${messages.networkNotFound}: ${chainId}`)
  }
}

export class InvalidParamsError extends ProviderRpcError {
  override name = 'InvalidParamsError'
  constructor(message: string, data?: unknown) {
    super(rpcErrorCodes.invalidParams, message, data)
  }
}

export class InternalRpcError extends ProviderRpcError {
  override name = 'InternalRpcError'
  constructor(message: string, data?: unknown) {
    super(rpcErrorCodes.internal, message, data)
  }
}

/** The frame refused the host: its origin is not allowed, or the project is not configured. */
export class InvalidAppConfigurationError extends ProviderRpcError {
  override name = 'InvalidAppConfigurationError'
  constructor(detail?: string) {
    super(rpcErrorCodes.unauthorized, messages.invalidAppConfiguration, detail)
  }
}

export class TimeoutError extends ProviderRpcError {
  override name = 'TimeoutError'
  constructor(method: string, ms: number) {
    super(rpcErrorCodes.timeout, `${messages.requestTimedOut} (${method}, ${ms} ms)`)
  }
}
