// POST /v1/bundler?chainId&projectId&bundler: the ERC-4337 bundler endpoint smart accounts send their
// UserOperations to. The operator's bundler URL may carry a provider key, so clients only
// ever see this proxy (GET /v1/projects/{id}/config hands it out as the network's bundlerUrl). The
// ERC-4337 methods and the gas-price method viem and the frame use pass; the ERC-7677 pm_ methods go
// to the network's paymaster under the project's sponsorship policy (paymasterProxy.ts), so one URL
// serves both, as hosted bundlers do; everything else is refused per call with "Requested RPC call is
// not allowed".
import { BundlerProxyQuery } from '@walletframe/protocol'
import { proxyDoc, serveOneByOne, upstreamsOf } from './jsonRpcForward.js'
import * as PaymasterProxy from './paymasterProxy.js'
import type { App, Deps, RouteDoc } from './Route.js'

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

export const doc: RouteDoc = proxyDoc({
  path: '/v1/bundler',
  summary:
    "ERC-4337 bundler proxy for the network named by chainId (UserOperation methods; batches), with ERC-7677 pm_ methods under the project's sponsorship policy",
  query: BundlerProxyQuery,
})

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
  // Transport failures throw UpstreamError -> 502; JSON-RPC errors (a rejected operation) are data.
  serveOneByOne(app, deps, {
    path: '/v1/bundler',
    query: BundlerProxyQuery,
    allowed: new Set([...allowedMethods, ...PaymasterProxy.allowedMethods]),
    sender: (chainId, project) => {
      const upstream = upstreamOf(chainId)
      const sponsor = PaymasterProxy.sponsorFor(deps, paymasterOf, chainId, project)
      return ({ method, params }) =>
        PaymasterProxy.allowedMethods.has(method) ? sponsor(method, params) : upstream.request(method, params)
    },
  })
}
