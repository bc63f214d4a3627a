// After a transaction of an account (a send, a swap, a purchase): what it changed is read again —
// the token balances past the API's own cache, the native balance from the chain, the activity.
import type { QueryClient } from '@tanstack/react-query'
import type { ChainNetwork } from '@walletframe/protocol'
import type { Client } from '../data/client.js'
import * as History from './history.js'
import * as NativeBalance from './nativeBalance.js'
import type { RetryBlock } from './retryBlock.js'
import * as TokenBalances from './tokenBalances.js'

export type Changed = {
  readonly api: Pick<Client, 'get'> | undefined
  readonly balanceRetry: RetryBlock
  readonly network: ChainNetwork
  readonly address: string
}

/**
 * Reads again what a transaction of `address` changed. Each reads on its own: one that fails (the
 * balance service) keeps its own error state, which the view reading it shows, and fails nothing else.
 */
export async function changed(queryClient: QueryClient, account: Changed): Promise<void> {
  const { api, balanceRetry, network, address } = account
  await Promise.allSettled([
    TokenBalances.refresh(queryClient, api, balanceRetry, network, address),
    queryClient.invalidateQueries({ queryKey: NativeBalance.nativeBalance(network, address).queryKey }),
    queryClient.invalidateQueries({
      queryKey: History.history(api, network.caipNetworkId, address).queryKey,
    }),
  ])
}
