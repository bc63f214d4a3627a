// The send's wiring: for a frame and its query client, the send actions' needs, the form's queries
// bound to the frame's API (balances, the receiver's name, the network fee) and the send mutation.
import { mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query'
import type { Chain } from '../chains/Chain.js'
import { load } from '../chains/load.js'
import * as Send from '../core/actions/send.js'
import type { Core } from '../core/Core.js'
import type * as SendForm from '../core/send.js'
import type { Client } from '../data/client.js'
import * as Account from '../queries/account.js'
import * as Names from '../queries/names.js'
import type { RetryBlock } from '../queries/retryBlock.js'
import * as SendQueries from '../queries/send.js'
import * as TokenBalances from '../queries/tokenBalances.js'

export type Frame = {
  readonly core: Core
  readonly api: Client | undefined
  /** The frame's one retry block for token balances. */
  readonly balanceRetry: RetryBlock
}

export type Flow = ReturnType<typeof create>

export function create(
  frame: Frame,
  queryClient: QueryClient,
  /** The chain family of a namespace, loaded; the same promise each time (a view reads it while rendering). */
  chain: (namespace: string) => Promise<Chain | undefined> = load,
) {
  const { core, api, balanceRetry } = frame
  const deps: Send.Deps = {
    ...core,
    refreshBalances: (network, address) =>
      Account.changed(queryClient, { api, balanceRetry, network, address }),
  }
  const queries = {
    balances: (from: SendForm.Source) =>
      TokenBalances.tokenBalances(api, balanceRetry, from.network, from.address),
    /** The account registered under `name`; undefined asks nothing. */
    name: (name: string | undefined) =>
      queryOptions({ ...Names.account(api, name ?? ''), enabled: name !== undefined }),
    fee: (input: SendQueries.FeeInput | undefined) => SendQueries.fee(api, chain, input),
  }
  const send = mutationOptions({
    mutationKey: ['send'],
    mutationFn: (draft: Send.Draft) => Send.send(deps, draft),
  })
  return { deps, chain, queries, send }
}
