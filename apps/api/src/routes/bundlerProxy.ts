// POST /v1/bundler?chainId&projectId&bundler: the ERC-4337 bundler endpoint smart accounts send their
// UserOperations to. The operator's bundler URL may carry a provider key, so clients only
// ever see this proxy (GET /v1/projects/{id}/config hands it out as the network's bundlerUrl). The
// ERC-4337 methods and the gas-price method viem and the frame use pass; everything else is refused
// per call with "Requested RPC call is not allowed".
import { BundlerProxyQuery, JsonRpcPayload, JsonRpcResponse } from '@walletframe/protocol'
import { z } from 'zod'
import * as Upstream from '../chains/Upstream.js'
import { NetworkNotSupportedError, RpcResponseError } from '../errors.js'
import { requireProject } from '../middleware/access.js'
import { forward } from './jsonRpcForward.js'
import type { App, Deps, RouteDoc } from './Route.js'
import * as validate from './validate.js'

/** ERC-4337's `eth_` namespace, and the bundler's gas price for UserOperations. */
export const allowedMethods: ReadonlySet<string> = new Set([
  'eth_chainId',
  'eth_supportedEntryPoints',
  'eth_estimateUserOperationGas',
  'eth_sendUserOperation',
  'eth_getUserOperationByHash',
  'eth_getUserOperationReceipt',
  'pimlico_getUserOperationGasPrice',
])

export const doc: RouteDoc = {
  method: 'post',
  path: '/v1/bundler',
  summary: 'ERC-4337 bundler proxy for the network named by chainId (UserOperation methods; batches)',
  query: BundlerProxyQuery,
  body: JsonRpcPayload,
  response: z.union([JsonRpcResponse, z.array(JsonRpcResponse)]),
  errors: [400, 401, 403, 413, 429, 502],
}

/** Where a client reaches the bundler of `chainId` through this API. */
export function publicUrl(base: string, chainId: string, projectId: string): string {
  // `bundler` names the interface the proxied bundler speaks: ERC-4337 plus Pimlico's gas price.
  return `${base}/v1/bundler?chainId=${encodeURIComponent(chainId)}&projectId=${encodeURIComponent(projectId)}&bundler=pimlico`
}

export function register(app: App, deps: Deps, options: { fetch?: typeof fetch } = {}): void {
  // One upstream client per network that has a bundler, made on first use.
  const upstreams = new Map<string, Upstream.Upstream>()
  function upstreamOf(chainId: string): Upstream.Upstream {
    const network = deps.networks.get(chainId)?.network
    if (!network) throw new NetworkNotSupportedError(`Network ${chainId} is not served by this API`)
    if (!network.bundlerUrl) throw new NetworkNotSupportedError(`Network ${chainId} has no bundler`)
    let found = upstreams.get(chainId)
    if (!found) {
      found = Upstream.create({
        chainId,
        urls: [network.bundlerUrl],
        // Sending a UserOperation simulates it first: give it the RPC timeout twice over.
        timeoutMs: deps.config.options.rpcTimeoutMs * 2,
        ...(options.fetch ? { fetch: options.fetch } : {}),
      })
      upstreams.set(chainId, found)
    }
    return found
  }

  app.post('/v1/bundler', requireProject(deps, { from: 'query' }), async (c) => {
    const { chainId } = validate.query(c, BundlerProxyQuery)
    const raw = await validate.json(c, deps.config.options.rpcMaxBodyBytes)
    const payload = validate.body(raw, JsonRpcPayload)
    const upstream = upstreamOf(chainId)
    // One call at a time: bundlers need not take JSON-RPC batches (alto does not). Transport failures
    // throw UpstreamError -> 502; JSON-RPC errors (a rejected operation) are data.
    const oneByOne = async (calls: Upstream.RpcRequest[]) => {
      const results: Upstream.RpcResult[] = []
      for (const { method, params } of calls) {
        try {
          results.push({ result: await upstream.request(method, params) })
        } catch (error) {
          if (!(error instanceof RpcResponseError)) throw error
          const { code, message, data } = error
          results.push({ error: { code, message, ...(data !== undefined ? { data } : {}) } })
        }
      }
      return results
    }
    return c.json(await forward(payload, allowedMethods, oneByOne))
  })
}
