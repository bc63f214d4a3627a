// What the swap actions need, from the frame and its query client: the swap form's store (one per
// frame, made when a swap view first needs it, so the first bundle carries none of it), the convert
// calls and balances through their queries, and the EVM chain family for sending and confirming.
import type { QueryClient } from '@tanstack/react-query'
import type { Frame } from '../../app/boot.js'
import type * as Swap from '../../core/actions/swap.js'
import * as SwapState from '../../core/swap.js'
import * as GasPrice from '../../queries/gasPrice.js'
import * as Swaps from '../../queries/swap.js'
import { sendDeps } from '../send/deps.js'

const stores = new WeakMap<object, SwapState.SwapStore>()

/** The swap form of `frame`: the same store for both swap views and across visits. */
export function swapStore(frame: Pick<Frame, 'core'>): SwapState.SwapStore {
  let store = stores.get(frame.core)
  if (!store) {
    store = SwapState.create()
    stores.set(frame.core, store)
  }
  return store
}

export function swapDeps(
  frame: Pick<Frame, 'core' | 'api' | 'balanceRetry' | 'host'>,
  queryClient: QueryClient,
): Swap.Deps {
  const { core, api } = frame
  const shared = sendDeps(frame, queryClient)
  return {
    ...core,
    swap: swapStore(frame),
    tokens: (network) => queryClient.fetchQuery(Swaps.tokens(api, network)),
    balances: shared.balances,
    refreshBalances: shared.refreshBalances,
    prices: (_network, addresses) =>
      queryClient.fetchQuery(Swaps.prices(api, frame.host()?.projectId, addresses)),
    gasPrice: async (network) => BigInt(await queryClient.fetchQuery(GasPrice.gasPrice(api, network))),
    quote: (query) => queryClient.fetchQuery(Swaps.quote(api, query)),
    allowance: async (query) => BigInt(await queryClient.fetchQuery(Swaps.allowance(api, query))),
    buildApprove: (query) => queryClient.fetchQuery(Swaps.buildApprove(api, query)),
    buildTransaction: (body) => {
      const projectId = frame.host()?.projectId
      if (!projectId) throw new Swaps.SwapUnavailableError()
      return Swaps.buildTransaction(api, { ...body, projectId })
    },
    async prepare(network, tx, from) {
      const { calls } = await import('../../chains/eip155/chain.js')
      return calls.prepare(network, from, tx)
    },
  }
}
