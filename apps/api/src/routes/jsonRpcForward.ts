// What the JSON-RPC proxies (the RPC proxy, the bundler proxy, the paymaster proxy) share: each call
// of a request or batch off the proxy's allowlist is answered here with "Requested RPC call is not
// allowed"; the others go upstream in order, and every answer goes back in its caller's place with its
// caller's id.
import {
  type ChainsFileNetwork,
  type JsonRpcPayload,
  type JsonRpcRequest,
  type JsonRpcResponse,
  ProviderRpcError,
  UnsupportedMethodError,
} from '@walletframe/protocol'
import * as Upstream from '../chains/Upstream.js'
import { NetworkNotSupportedError, RpcResponseError } from '../errors.js'
import type { Deps } from './Route.js'

type RpcRequest = Upstream.RpcRequest
type RpcResult = Upstream.RpcResult

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

export declare namespace upstreamsOf {
  type Options = {
    /** What the network's service is called in errors: "bundler", "paymaster". */
    service: string
    /** The service's URL on a network, if it has one. */
    urlOf: (network: ChainsFileNetwork) => string | undefined
    fetch?: typeof fetch
  }
}

/**
 * One upstream client per network for one service (its operator URL may carry a provider key, so
 * clients only ever see the proxy), made on first use. Unknown networks and networks without the
 * service are NetworkNotSupportedError (400).
 */
export function upstreamsOf(
  deps: Deps,
  options: upstreamsOf.Options,
): (chainId: string) => Upstream.Upstream {
  const upstreams = new Map<string, Upstream.Upstream>()
  return (chainId) => {
    const network = deps.config.networks.find((candidate) => candidate.caipNetworkId === chainId)
    if (!network) throw new NetworkNotSupportedError(`Network ${chainId} is not served by this API`)
    const url = options.urlOf(network)
    if (!url) throw new NetworkNotSupportedError(`Network ${chainId} has no ${options.service}`)
    let found = upstreams.get(chainId)
    if (!found) {
      found = Upstream.create({
        chainId,
        urls: [url],
        // Sending a UserOperation simulates it first: give it the RPC timeout twice over.
        timeoutMs: deps.config.options.rpcTimeoutMs * 2,
        ...(options.fetch ? { fetch: options.fetch } : {}),
      })
      upstreams.set(chainId, found)
    }
    return found
  }
}

/**
 * Runs `calls` one at a time through `send`: bundlers and paymaster services need not take JSON-RPC
 * batches (alto does not). A JSON-RPC error, the upstream's or this proxy's own (a ProviderRpcError),
 * is that call's answer; anything else (UpstreamError -> 502) fails the request.
 */
export async function oneByOne(
  calls: RpcRequest[],
  send: (call: RpcRequest) => Promise<unknown>,
): Promise<RpcResult[]> {
  const results: RpcResult[] = []
  for (const call of calls) {
    try {
      results.push({ result: await send(call) })
    } catch (error) {
      if (error instanceof ProviderRpcError) results.push({ error: error.toJSON() })
      else if (error instanceof RpcResponseError) {
        const { code, message, data } = error
        results.push({ error: { code, message, ...(data !== undefined ? { data } : {}) } })
      } else throw error
    }
  }
  return results
}
