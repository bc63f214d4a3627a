// What the JSON-RPC proxies (the RPC proxy, the bundler proxy) share: each call of a request or batch
// off the proxy's allowlist is answered here with "Requested RPC call is not allowed"; the others go
// upstream in order, and every answer goes back in its caller's place with its caller's id.
import {
  type JsonRpcPayload,
  type JsonRpcRequest,
  type JsonRpcResponse,
  UnsupportedMethodError,
} from '@walletframe/protocol'
import type { RpcRequest, RpcResult } from '../chains/Upstream.js'

export async function forward(
  payload: JsonRpcPayload,
  allowed: ReadonlySet<string>,
  send: (calls: RpcRequest[]) => Promise<RpcResult[]>,
): Promise<JsonRpcResponse | JsonRpcResponse[]> {
  const requests: JsonRpcRequest[] = Array.isArray(payload) ? payload : [payload]
  const forwarded = requests.filter((request) => allowed.has(request.method))
  const results = await send(forwarded.map(({ method, params }) => ({ method, params })))
  let next = 0
  const merged = requests.map((request): JsonRpcResponse => {
    const id = request.id ?? null
    if (!allowed.has(request.method))
      return { jsonrpc: '2.0', id, error: new UnsupportedMethodError(request.method).toJSON() }
    const result = results[next++]!
    return result.error
      ? { jsonrpc: '2.0', id, error: result.error }
      : { jsonrpc: '2.0', id, result: result.result ?? null }
  })
  return Array.isArray(payload) ? merged : merged[0]!
}
