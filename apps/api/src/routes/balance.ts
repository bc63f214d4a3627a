// GET /v1/account/{address}/balance: native + token balances per network, cached 30 s per
// (address, network) in process; forceUpdate reads the chain now.
import { BalanceQuery, BalanceResponse, type CaipNetworkId, type TokenBalance } from '@walletframe/protocol'
import { z } from 'zod'
import * as Evm from '../chains/evm.js'
import type { Network } from '../chains/Networks.js'
import * as Solana from '../chains/solana.js'
import { fromChainFailure, InvalidRequestError, UpstreamError } from '../errors.js'
import * as TokenIcons from '../images/TokenIcons.js'
import { requireProject } from '../middleware/access.js'
import { type AccountRef, parseAccount } from './addresses.js'
import type { App, Deps, RouteDoc } from './Route.js'
import * as validate from './validate.js'

const Params = z.object({ address: z.string().max(128) })

export const doc: RouteDoc = {
  method: 'get',
  path: '/v1/account/{address}/balance',
  summary: 'Native and token balances of an address, with USD values',
  params: Params,
  query: BalanceQuery,
  response: BalanceResponse,
  errors: [400, 401, 403, 429, 502],
}

export function register(app: App, deps: Deps): void {
  // Concurrent misses for the same key share one chain read.
  const inflight = new Map<string, Promise<TokenBalance[]>>()

  async function read(entry: Network, account: AccountRef, force: boolean): Promise<TokenBalance[]> {
    const key = `${entry.network.caipNetworkId}:${account.address}`
    if (!force) {
      const cached = deps.balanceCache.get(key)
      if (cached) return cached
    }
    let pending = inflight.get(key)
    if (!pending) {
      pending = (
        account.namespace === 'eip155'
          ? Evm.readBalances(entry.upstream, entry.network, deps.prices, account.address)
          : Solana.readBalances(entry.upstream, entry.network, deps.prices, account.address)
      )
        .catch((error: unknown) => {
          // A revert or undecodable answer (e.g. no Multicall3 at the configured address) is the
          // chain's fault; a node refusing the address as invalid is the caller's.
          throw fromChainFailure(entry.network.caipNetworkId, error, 'balance read failed', 'address')
        })
        .finally(() => inflight.delete(key))
      inflight.set(key, pending)
    }
    const balances = await pending
    deps.balanceCache.set(key, balances)
    return balances
  }

  app.get('/v1/account/:address/balance', requireProject(deps, { from: 'query' }), async (c) => {
    const { address } = validate.params(c, Params)
    const query = validate.query(c, BalanceQuery)
    const account = parseAccount(address, 'address')
    const chainId = query.chainId ?? account.caipNetworkId
    if (query.chainId && account.caipNetworkId && query.chainId !== account.caipNetworkId) {
      throw new InvalidRequestError(
        'Invalid chainId: differs from the chain in the CAIP-10 address',
        'chainId',
      )
    }
    let targets: Network[]
    if (chainId) {
      const entry = deps.networks.get(chainId)
      // A network this API does not serve has no balances to report: the empty result, not an error.
      if (!entry) return c.json({ balances: [] } satisfies BalanceResponse)
      if (entry.network.chainNamespace !== account.namespace) {
        throw new InvalidRequestError(`Invalid address: not an address of ${chainId}`, 'address')
      }
      targets = [entry]
    } else {
      targets = [...deps.networks.values()].filter(
        (entry) => entry.network.chainNamespace === account.namespace,
      )
    }
    const force = query.forceUpdate ?? false
    const results = await Promise.allSettled(targets.map((entry) => read(entry, account, force)))
    const balances: TokenBalance[] = []
    const unavailable: CaipNetworkId[] = []
    let firstError: unknown
    results.forEach((result, i) => {
      if (result.status === 'fulfilled') balances.push(...result.value)
      else {
        if (!(result.reason instanceof UpstreamError)) throw result.reason
        firstError ??= result.reason
        unavailable.push(targets[i]!.network.caipNetworkId)
      }
    })
    // One chain down must not hide the others; only when nothing could be read is it a 502.
    if (firstError && balances.length === 0) throw firstError
    const base = deps.config.options.publicUrl?.replace(/\/$/, '') ?? new URL(c.req.url).origin
    return c.json({
      balances: TokenIcons.withIcons(deps.tokenIcons, deps.networks, base, balances),
      ...(unavailable.length ? { unavailable } : {}),
    } satisfies BalanceResponse)
  })
}
