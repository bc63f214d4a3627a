// What the JSON-RPC proxies (the RPC proxy, the bundler proxy, the paymaster proxy) share: the
// network and the request or batch read at the edge; each call off the proxy's allowlist is answered
// here with "Requested RPC call is not allowed"; the others go upstream in order, and every answer goes
// back in its caller's place with its caller's id.
import {
  type ChainsFileNetwork,
  JsonRpcPayload,
  type JsonRpcRequest,
  JsonRpcResponse,
  ProviderRpcError,
  UnsupportedMethodError,
} from '@walletframe/protocol'
import type { Context } from 'hono'
import { z } from 'zod'
import * as Upstream from '../chains/Upstream.js'
import type { Project } from '../db/projects.js'
import { NetworkNotSupportedError, RpcResponseError } from '../errors.js'
import { requireProject } from '../middleware/access.js'
import type { App, Deps, RouteDoc } from './Route.js'
import * as validate from './validate.js'

type RpcRequest = Upstream.RpcRequest
type RpcResult = Upstream.RpcResult

/** The OpenAPI entry of a JSON-RPC proxy route: a request or a batch in, its answers out. */
export function proxyDoc(doc: Pick<RouteDoc, 'path' | 'summary' | 'query'>): RouteDoc {
  return {
    method: 'post',
    ...doc,
    body: JsonRpcPayload,
    response: z.union([JsonRpcResponse, z.array(JsonRpcResponse)]),
    errors: [400, 401, 403, 413, 429, 502],
  }
}

/** A proxy call as it came: the network its query names, and its JSON-RPC request or batch within the body limit. */
export async function readCall(
  c: Context,
  deps: Pick<Deps, 'config'>,
  query: z.core.$ZodType<{ chainId: string }>,
): Promise<{ chainId: string; payload: JsonRpcPayload }> {
  const { chainId } = validate.query(c, query)
  const raw = await validate.json(c, deps.config.options.rpcMaxBodyBytes)
  return { chainId, payload: validate.body(raw, JsonRpcPayload) }
}

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

export declare namespace serveOneByOne {
  type Options = {
    /** The route's path, e.g. "/v1/bundler". */
    path: string
    /** Its query; `chainId` names the network. */
    query: z.core.$ZodType<{ chainId: string }>
    /** The methods it forwards; any other call is refused in its place. */
    allowed: ReadonlySet<string>
    /**
     * How one call of `project` on `chainId` is answered. Called before any call is sent, so it may
     * throw NetworkNotSupportedError (400) for a network it does not serve.
     */
    sender: (chainId: string, project: Project) => (call: RpcRequest) => Promise<unknown>
  }
}

/** A project's JSON-RPC proxy route to a service that takes one call at a time (a bundler, a paymaster). */
export function serveOneByOne(app: App, deps: Deps, options: serveOneByOne.Options): void {
  app.post(options.path, requireProject(deps, { from: 'query' }), async (c) => {
    const { chainId, payload } = await readCall(c, deps, options.query)
    const send = options.sender(chainId, c.var.project)
    return c.json(await forward(payload, options.allowed, (calls) => oneByOne(calls, send)))
  })
}
