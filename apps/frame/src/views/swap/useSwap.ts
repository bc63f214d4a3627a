// The swap as both swap views read it: the form, then the server state it depends on, each query
// enabled by the one before — the market (tokens, prices, gas price) and the balances, the quote for
// the amount once typing has paused, the allowance, the approval or swap transaction — and what the
// form shows of them (the rules are core/swap.ts's).
import { useQuery } from '@tanstack/react-query'
import type { TokenBalance } from '@walletframe/protocol'
import { useEffect } from 'react'
import type * as SwapWiring from '../../app/swap.js'
import { useDebounced } from '../../components/useDebounced.js'
import { useStore } from '../../components/useStore.js'
import * as Swap from '../../core/actions/swap.js'
import * as SwapForm from '../../core/swap.js'

const noBalances: readonly TokenBalance[] = []

export function useSwap(flow: SwapWiring.Flow, from: SwapForm.Source) {
  const { deps, queries } = flow
  const { caipNetworkId } = from.network
  const { address } = from
  // biome-ignore lint/correctness/useExhaustiveDependencies: the account is its network and address, not the object
  useEffect(() => Swap.open(deps, from), [deps, caipNetworkId, address])
  const stored = useStore(deps.swap)
  // Until the effect above ran, the form may be another account's.
  const form = SwapForm.sameSource(stored, from) ? stored : SwapForm.initial

  const market = useQuery(queries.market(from.network))
  const balancesQuery = useQuery(queries.balances(from))
  const balances = balancesQuery.data ?? noBalances
  useEffect(() => {
    if (market.data) Swap.listTokens(deps, market.data.tokens)
  }, [deps, market.data])

  const amount = useDebounced(form.sourceTokenAmount, Swap.quoteDebounceMs)
  // Typed on since: what was quoted is not what the form holds.
  const typing = amount !== form.sourceTokenAmount
  const quoting: SwapForm.Quoting =
    market.data && !typing
      ? SwapForm.quoting({ form, from, market: market.data, balances, amount })
      : { status: 'idle' }
  const step = quoting.status === 'quote' ? quoting : undefined
  const quote = useQuery(queries.quote(step?.query))

  const shown =
    step && market.data && !quote.isPending
      ? SwapForm.quoted({
          quoting: step,
          quote: quote.data ?? undefined,
          from,
          form,
          market: market.data,
          balances,
          accountType: Swap.accountType(deps, from),
        })
      : undefined
  const quoted = shown && 'toTokenAmount' in shown ? shown : undefined
  const ready = step && quoted && quoted.inputError === undefined ? step : undefined

  const user = SwapForm.userAddress(from)
  const allowance = useQuery(
    queries.allowance(
      ready && !SwapForm.isNative(ready.sourceToken)
        ? { tokenAddress: ready.sourceToken.address, userAddress: user, amount: String(ready.amount) }
        : undefined,
    ),
  )
  const next = ready && SwapForm.nextTransaction(ready.sourceToken, ready.amount, allowance.data)
  const order = ready && {
    userAddress: user,
    from: ready.sourceToken.address,
    to: ready.toToken.address,
    amount: String(ready.amount),
  }
  const approval = useQuery(queries.buildApprove(next === 'approve' ? order : undefined))
  const swap = useQuery(
    queries.buildTransaction(
      next === 'swap' && order ? { ...order, eip155: { slippage: form.slippage } } : undefined,
    ),
  )

  return {
    form,
    /** Where the market stands: "failed" is "Failed to initialize swap". */
    status: market.isError ? 'failed' : market.data ? 'ready' : 'loading',
    tokens: market.data?.tokens ?? [],
    balances,
    quoted,
    inputError: quoting.status === 'invalid' ? quoting.inputError : shown?.inputError,
    loadingQuote: step !== undefined && quote.isLoading,
    /** The approval or swap transaction is being built. */
    building: (next === 'approve' && approval.isFetching) || (next === 'swap' && swap.isFetching),
    /** What to send: the approval while the allowance is short of the amount, else the swap. */
    approval: next === 'approve' && approval.data ? SwapForm.toTransaction(approval.data) : undefined,
    swap: next === 'swap' && swap.data ? SwapForm.toTransaction(swap.data) : undefined,
  } as const
}

export type SwapView = ReturnType<typeof useSwap>
