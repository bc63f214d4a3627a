// POST /v1?chainId&projectId: the JSON-RPC endpoint the frame uses by default. Read
// methods and raw-transaction submission pass to the configured upstream; everything else (signing,
// node admin, filters that hold server state) is refused per call with "Requested RPC call is not
// allowed". A batch goes upstream as one batch.
import { evmReadMethods, RpcProxyQuery } from '@walletframe/protocol'
import { NetworkNotSupportedError } from '../errors.js'
import { requireProject } from '../middleware/access.js'
import { forward, proxyDoc, readCall } from './jsonRpcForward.js'
import type { App, Deps, RouteDoc } from './Route.js'

// Reads, plus submitting a transaction the wallet already signed.
const evmMethods = new Set([...evmReadMethods, 'eth_sendRawTransaction'])

const solanaMethods = new Set([
  'getAccountInfo',
  'getBalance',
  'getBlockHeight',
  'getEpochInfo',
  'getFeeForMessage',
  'getGenesisHash',
  'getHealth',
  'getLatestBlockhash',
  'getMinimumBalanceForRentExemption',
  'getMultipleAccounts',
  'getRecentPrioritizationFees',
  'getSignatureStatuses',
  'getSignaturesForAddress',
  'getSlot',
  'getTokenAccountBalance',
  'getTokenAccountsByOwner',
  'getTokenSupply',
  'getTransaction',
  'getVersion',
  'isBlockhashValid',
  'sendTransaction',
  'simulateTransaction',
])

export const allowedMethods: Record<string, Set<string>> = { eip155: evmMethods, solana: solanaMethods }

export const doc: RouteDoc = proxyDoc({
  path: '/v1',
  summary: 'JSON-RPC proxy to the network named by chainId (read methods and raw transactions; batches)',
  query: RpcProxyQuery,
})

export function register(app: App, deps: Deps): void {
  app.post('/v1', requireProject(deps, { from: 'query' }), async (c) => {
    const { chainId, payload } = await readCall(c, deps, RpcProxyQuery)
    const entry = deps.networks.get(chainId)
    if (!entry) throw new NetworkNotSupportedError(`Network ${chainId} is not served by this API`)
    const allowed = allowedMethods[entry.network.chainNamespace] ?? new Set<string>()
    // Upstream transport failures throw UpstreamError -> 502; JSON-RPC errors come back as data.
    return c.json(await forward(payload, allowed, (calls) => entry.upstream.batch(calls)))
  })
}
