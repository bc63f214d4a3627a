// POST /v1/bundler?chainId&projectId&bundler: the ERC-4337 bundler endpoint smart accounts send their
// UserOperations to. The operator's bundler URL may carry a provider key, so clients only
// ever see this proxy (GET /v1/projects/{id}/config hands it out as the network's bundlerUrl). The
// ERC-4337 methods and the gas-price method viem and the frame use pass; the ERC-7677 pm_ methods go
// to the network's paymaster under the project's sponsorship policy (paymasterProxy.ts), so one URL
// serves both, as hosted bundlers do; everything else is refused per call with "Requested RPC call is
// not allowed".
import { BundlerProxyQuery, JsonRpcPayload, JsonRpcResponse } from '@walletframe/protocol'
import { z } from 'zod'
import { requireProject } from '../middleware/access.js'
import { forward, oneByOne, upstreamsOf } from './jsonRpcForward.js'
import * as PaymasterProxy from './paymasterProxy.js'
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
  summary:
    "ERC-4337 bundler proxy for the network named by chainId (UserOperation methods; batches), with ERC-7677 pm_ methods under the project's sponsorship policy",
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
  const upstreamOf = upstreamsOf(deps, {
    service: 'bundler',
    urlOf: (network) => network.bundlerUrl,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  })
  const paymasterOf = PaymasterProxy.paymasters(deps, options)
  const allowed = new Set([...allowedMethods, ...PaymasterProxy.allowedMethods])

  app.post('/v1/bundler', requireProject(deps, { from: 'query' }), async (c) => {
    const { chainId } = validate.query(c, BundlerProxyQuery)
    const raw = await validate.json(c, deps.config.options.rpcMaxBodyBytes)
    const payload = validate.body(raw, JsonRpcPayload)
    const upstream = upstreamOf(chainId)
    const sponsor = PaymasterProxy.sponsorFor(deps, paymasterOf, chainId, c.var.project)
    // Transport failures throw UpstreamError -> 502; JSON-RPC errors (a rejected operation) are data.
    return c.json(
      await forward(payload, allowed, (calls) =>
        oneByOne(calls, ({ method, params }) =>
          PaymasterProxy.allowedMethods.has(method)
            ? sponsor(method, params)
            : upstream.request(method, params),
        ),
      ),
    )
  })
}
