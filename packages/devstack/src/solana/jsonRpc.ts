// The JSON-RPC 2.0 envelope shared by the HTTP and WebSocket endpoints: parse, validate, dispatch,
// and turn every failure into an error object — a bad request never takes the server down.
import { RpcError, rpcErrorCodes } from './RpcError.js'

export type Id = string | number | null
export type Request = { id: Id; method: string; params: unknown[]; notification: boolean }
export type Response = { jsonrpc: '2.0'; id: Id; result?: unknown; error?: ReturnType<RpcError['toJSON']> }

export type Dispatch = (request: Request) => unknown

function failure(id: Id, error: RpcError): Response {
  return { jsonrpc: '2.0', id, error: error.toJSON() }
}

function validate(value: unknown): Request | RpcError {
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    return new RpcError(rpcErrorCodes.invalidRequest, 'Invalid request')
  }
  const { jsonrpc, method, params, id } = value as Record<string, unknown>
  if (jsonrpc !== '2.0' || typeof method !== 'string') {
    return new RpcError(rpcErrorCodes.invalidRequest, 'Invalid request')
  }
  if (id !== undefined && id !== null && typeof id !== 'string' && typeof id !== 'number') {
    return new RpcError(rpcErrorCodes.invalidRequest, 'Invalid request')
  }
  if (params !== undefined && params !== null && !Array.isArray(params)) {
    return new RpcError(rpcErrorCodes.invalidParams, 'Invalid params: expected an array')
  }
  return {
    id: (id as Id) ?? null,
    method,
    params: (params as unknown[]) ?? [],
    notification: id === undefined,
  }
}

function requestId(value: unknown): Id {
  const id = (value as { id?: unknown } | null)?.id
  return typeof id === 'string' || typeof id === 'number' ? id : null
}

function run(value: unknown, dispatch: Dispatch): Response | null {
  const request = validate(value)
  if (request instanceof RpcError) return failure(requestId(value), request)
  try {
    const result = dispatch(request)
    return request.notification ? null : { jsonrpc: '2.0', id: request.id, result }
  } catch (error) {
    if (request.notification) return null
    if (error instanceof RpcError) return failure(request.id, error)
    return failure(
      request.id,
      new RpcError(
        rpcErrorCodes.internalError,
        `Internal error: ${(error as Error)?.message ?? String(error)}`,
      ),
    )
  }
}

/** Handles one message body (single request or batch); null when nothing must be answered. */
export function handle(body: string, dispatch: Dispatch): Response | Response[] | null {
  let value: unknown
  try {
    value = JSON.parse(body)
  } catch {
    return failure(null, new RpcError(rpcErrorCodes.parseError, 'Parse error'))
  }
  if (Array.isArray(value)) {
    if (value.length === 0)
      return failure(null, new RpcError(rpcErrorCodes.invalidRequest, 'Invalid request'))
    const responses = value.map((item) => run(item, dispatch)).filter((response) => response !== null)
    return responses.length > 0 ? responses : null
  }
  return run(value, dispatch)
}

export function methodNotFound(): RpcError {
  return new RpcError(rpcErrorCodes.methodNotFound, 'Method not found')
}
