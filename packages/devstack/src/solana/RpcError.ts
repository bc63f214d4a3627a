// JSON-RPC errors with Solana's codes (agave rpc/src/custom_error.rs and JSON-RPC 2.0 itself).

export const rpcErrorCodes = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  sendTransactionPreflightFailure: -32002,
  transactionSignatureVerificationFailure: -32003,
  transactionVersionNotSupported: -32015,
} as const

export class RpcError extends Error {
  override readonly name = 'RpcError'
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }

  toJSON() {
    return { code: this.code, message: this.message, ...(this.data !== undefined ? { data: this.data } : {}) }
  }
}

export function invalidParams(detail: string): RpcError {
  return new RpcError(rpcErrorCodes.invalidParams, `Invalid params: ${detail}`)
}
