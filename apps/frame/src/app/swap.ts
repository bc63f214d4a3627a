// The swap's wiring: for a frame and its query client, the swap form's store, its queries bound to
// the frame's API and project, the approve and swap mutations, and the one place a failed step is
// told to the user. The form and the wiring are made when a swap view first needs them (the first
// bundle carries none of it) and kept for the frame's life, so both swap views share them.
import { isCancelledError, mutationOptions, type QueryClient } from '@tanstack/react-query'
import type {
  ChainNetwork,
  ConvertBuildApproveQuery,
  ConvertBuildTransactionRequest,
} from '@walletframe/protocol'
import * as Swap from '../core/actions/swap.js'
import type { Core } from '../core/Core.js'
import * as SwapForm from '../core/swap.js'
import type { Client } from '../data/client.js'
import * as Account from '../queries/account.js'
import type { RetryBlock } from '../queries/retryBlock.js'
import * as Swaps from '../queries/swap.js'
import * as TokenBalances from '../queries/tokenBalances.js'

export type Frame = {
  readonly core: Core
  readonly api: Client | undefined
  /** The frame's one retry block for token balances. */
  readonly balanceRetry: RetryBlock
  /** The host's configuration, once it has initialised (the project the price and build calls name). */
  host(): { readonly projectId: string } | undefined
}

export type Flow = ReturnType<typeof create>

// One per query client, which is one per frame: a WeakMap, so a test's client takes its flow with it.
const flows = new WeakMap<QueryClient, Flow>()

/** The swap of `frame`: the same form, queries and mutations for both swap views and across visits. */
export function flow(frame: Frame, queryClient: QueryClient): Flow {
  let found = flows.get(queryClient)
  if (!found) {
    found = create(frame, queryClient)
    flows.set(queryClient, found)
  }
  return found
}

/** The wallet request for a built transaction, and how to follow it: the EVM chain family, loaded here. */
async function prepare(...[network, tx, from]: Parameters<Swap.Deps['prepare']>) {
  const { calls } = await import('../chains/eip155/chain.js')
  return calls.prepare(network, from, tx)
}

export function create(
  frame: Frame,
  queryClient: QueryClient,
  options: { prepare?: Swap.Deps['prepare'] } = {},
) {
  const { core, api, balanceRetry } = frame
  const projectId = () => frame.host()?.projectId
  const deps: Swap.Deps = { ...core, swap: SwapForm.create(), prepare: options.prepare ?? prepare }
  reportFailures(queryClient, deps)

  const queries = {
    market: (network: ChainNetwork | undefined) => Swaps.market(api, projectId(), network),
    balances: (from: SwapForm.Source) =>
      TokenBalances.tokenBalances(api, balanceRetry, from.network, from.address),
    quote: (query: Parameters<typeof Swaps.quote>[1]) => Swaps.quote(api, query),
    allowance: (query: Swaps.AllowanceQuery | undefined) => Swaps.allowance(api, query),
    buildApprove: (query: Swaps.SdkOmitted<ConvertBuildApproveQuery> | undefined) =>
      Swaps.buildApprove(api, query),
    buildTransaction: (body: Omit<ConvertBuildTransactionRequest, 'projectId'> | undefined) =>
      Swaps.buildTransaction(api, projectId(), body),
  }

  type Sent = { from: SwapForm.Source; tx: SwapForm.SwapTransaction | undefined }
  /** A send the form refused (nothing built, another account) is the view's to show; the wallet's or the chain's failure is a toast. */
  const failed = (event: 'SWAP_ERROR' | 'SWAP_APPROVAL_ERROR') => (error: Error) => {
    if (!(error instanceof Swap.SwapError)) Swap.transactionFailed(deps, error, event)
  }

  /** The approval: once on chain, the quote and the allowance are read again and the swap transaction built from them. */
  const approve = mutationOptions({
    mutationKey: ['swap', 'approve'],
    mutationFn: (sent: Sent) => Swap.transact(deps, sent),
    onSuccess: (_hash, sent) =>
      Promise.all([
        queryClient.invalidateQueries(Swaps.allowancesOf(SwapForm.userAddress(sent.from))),
        queryClient.invalidateQueries({ queryKey: Swaps.quotesKey }),
      ]),
    onError: failed('SWAP_APPROVAL_ERROR'),
  })

  /** The swap: once on chain, the success toast and Account, then the account's balances read again. */
  const swap = mutationOptions({
    mutationKey: ['swap', 'swap'],
    mutationFn: (sent: Sent & { summary: Swap.Swapped }) => Swap.transact(deps, sent),
    async onSuccess(_hash, sent) {
      Swap.swapped(deps, sent.summary)
      await Promise.allSettled([
        Account.changed(queryClient, {
          api,
          balanceRetry,
          network: sent.from.network,
          address: sent.from.address,
        }),
        queryClient.invalidateQueries(Swaps.allowancesOf(SwapForm.userAddress(sent.from))),
      ])
    },
    onError: failed('SWAP_ERROR'),
  })

  return { deps, queries, approve, swap }
}

/**
 * Tells the user of each failed fetch of a swap query (its `meta.failure`), once per fetch whichever
 * view reads it, and of a market whose native currency has no price.
 */
function reportFailures(queryClient: QueryClient, deps: Swap.Deps): void {
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated') return
    const { action, query } = event
    const failure = query.meta?.failure
    if (action.type === 'error' && failure && !isCancelledError(action.error))
      Swap.stepFailed(deps, failure, action.error)
    if (action.type === 'success' && !action.manual && query.queryKey[0] === Swaps.marketKey) {
      const market = action.data as Swaps.Market | undefined
      if (market && SwapForm.networkPriceOf(market) === 0) Swap.networkPriceMissing(deps)
    }
  })
}
