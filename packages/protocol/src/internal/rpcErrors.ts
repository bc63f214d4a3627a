// EIP-1193 / EIP-1474 error codes, the product's fixed error messages and the error classes, free of zod so the
// host SDK can create and recognise them without bundling a schema library. Re-exported by errors.ts.
// https://eips.ethereum.org/EIPS/eip-1193#provider-errors
import type { ErrorObject } from '../errors.js'

// Each code and message is its own constant and the lookup objects are built from them, so a bundle
// that uses a few classes (the host SDK) does not carry every message.
const userRejectedCode = 4001
const unauthorizedCode = 4100
const unsupportedMethodCode = 4200
const disconnectedCode = 4900
const unrecognizedChainCode = 4902
const invalidParamsCode = -32602
const internalCode = -32603
const timeoutCode = -32000

export const rpcErrorCodes = {
  userRejected: userRejectedCode,
  unauthorized: unauthorizedCode,
  unsupportedMethod: unsupportedMethodCode,
  disconnected: disconnectedCode,
  chainDisconnected: 4901,
  unrecognizedChain: unrecognizedChainCode,
  invalidParams: invalidParamsCode,
  internal: internalCode,
  methodNotFound: -32601,
  /** Walletframe channel: the request waited longer than its timeout. */
  timeout: timeoutCode,
  /** Chain errors: 5000 the default, 32603 an invalid chain id. */
  chainDefault: 5000,
  invalidChainId: 32603,
} as const

// The messages the classes share with `messages`. An enum rather than consts: bundlers inline enum
// members (esbuild does, across modules), so each message a bundle uses is written once, where used,
// and the enum itself is shaken out.
enum Message {
  invalidAppConfiguration = 'Invalid App Configuration',
  rpcNotAllowed = 'Requested RPC call is not allowed',
  networkNotFound = 'Network not found',
  connectBeforeRequest = 'Please call connect() before request()',
  userRejected = 'User rejected the request.',
  frameGone = 'The wallet frame is not available',
  requestTimedOut = 'The wallet frame did not answer in time',
}

/** Messages the product shows or throws, word for word: dapps may match on them, so they stay fixed. */
export const messages = {
  invalidAppConfiguration: Message.invalidAppConfiguration,
  originNotAllowed: 'Origin not found on Allowlist',
  invalidProjectId: 'Invalid Project ID',
  projectIdNotConfigured: 'Project ID Not Configured',
  rpcNotAllowed: Message.rpcNotAllowed,
  actionNotAllowed: 'Action not allowed',
  sessionExpired: 'Session Expired',
  networkNotFound: Message.networkNotFound,
  unsupportedChain: 'Unsupported chain',
  failedToDisconnect: 'Failed to disconnect',
  connectBeforeRequest: Message.connectBeforeRequest,
  iframeNotSet: 'W3mFrame: iframe is not set',
  userRejected: Message.userRejected,
  frameGone: Message.frameGone,
  requestTimedOut: Message.requestTimedOut,
  destroyed: 'The Walletframe instance was destroyed',
} as const

/** An EIP-1193 provider error: what `provider.request` rejects with. */
export class ProviderRpcError extends Error {
  override name = 'ProviderRpcError'
  // Declared, not defined: the constructor assigns them (and the host SDK's bundle stays smaller).
  declare readonly code: number
  declare readonly data: unknown
  constructor(code: number, message: string, data?: unknown) {
    super(message)
    this.code = code
    this.data = data
  }
  toJSON(): ErrorObject {
    const { code, message, data } = this
    return { code, message, ...(data !== undefined && { data }) }
  }
  static from(error: ErrorObject): ProviderRpcError {
    return new ProviderRpcError(error.code, error.message, error.data)
  }
}

export class UserRejectedRequestError extends ProviderRpcError {
  override name = 'UserRejectedRequestError'
  constructor(message: string = Message.userRejected) {
    super(userRejectedCode, message)
  }
}

export class UnauthorizedError extends ProviderRpcError {
  override name = 'UnauthorizedError'
  constructor(message: string = Message.rpcNotAllowed) {
    super(unauthorizedCode, message)
  }
}

export class UnsupportedMethodError extends ProviderRpcError {
  override name = 'UnsupportedMethodError'
  constructor(method: string) {
    super(unsupportedMethodCode, `${Message.rpcNotAllowed}: ${method}`)
  }
}

export class DisconnectedError extends ProviderRpcError {
  override name = 'DisconnectedError'
  constructor(message: string = Message.connectBeforeRequest) {
    super(disconnectedCode, message)
  }
}

export class UnrecognizedChainError extends ProviderRpcError {
  override name = 'UnrecognizedChainError'
  constructor(chainId: string) {
    super(unrecognizedChainCode, `${Message.networkNotFound}: ${chainId}`)
  }
}

export class InvalidParamsError extends ProviderRpcError {
  override name = 'InvalidParamsError'
  constructor(message: string, data?: unknown) {
    super(invalidParamsCode, message, data)
  }
}

export class InternalRpcError extends ProviderRpcError {
  override name = 'InternalRpcError'
  constructor(message: string, data?: unknown) {
    super(internalCode, message, data)
  }
}

/** The frame refused the host: its origin is not allowed, or the project is not configured. */
export class InvalidAppConfigurationError extends ProviderRpcError {
  override name = 'InvalidAppConfigurationError'
  constructor(detail?: string) {
    super(unauthorizedCode, Message.invalidAppConfiguration, detail)
  }
}

export class TimeoutError extends ProviderRpcError {
  override name = 'TimeoutError'
  constructor(method: string, ms: number) {
    super(timeoutCode, `${Message.requestTimedOut} (${method}, ${ms} ms)`)
  }
}

/**
 * The wallet frame cannot serve calls: it did not start in time, it reloaded while a call was in
 * flight, or the host destroyed the instance. An EIP-1193 "disconnected" error (4900). It extends
 * ProviderRpcError directly, not DisconnectedError, so the host SDK does not carry that class and
 * its default message.
 */
export class FrameUnavailableError extends ProviderRpcError {
  override name = 'FrameUnavailableError'
  constructor(reason: string) {
    super(disconnectedCode, `${Message.frameGone}: ${reason}`)
  }
}
