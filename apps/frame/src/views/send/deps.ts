// What the send actions need, from the frame and its query client: the chain family (loaded once per
// namespace, so the form can read it while rendering), balances and gas price through their queries.
import type { QueryClient } from '@tanstack/react-query'
import type { Frame } from '../../app/boot.js'
import type { Chain } from '../../chains/Chain.js'
import { load } from '../../chains/load.js'
import type * as Send from '../../core/actions/send.js'
import * as GasPrice from '../../queries/gasPrice.js'
import * as History from '../../queries/history.js'
import * as Names from '../../queries/names.js'
import * as NativeBalance from '../../queries/nativeBalance.js'
import * as TokenBalances from '../../queries/tokenBalances.js'

const chains = new Map<string, Promise<Chain | undefined>>()

/** The chain family of `namespace`; the same promise every time (React's `use` needs a stable one). */
export function chainFor(namespace: string): Promise<Chain | undefined> {
  let loading = chains.get(namespace)
  if (!loading) {
    loading = load(namespace)
    // A chunk that failed to load is tried again next time.
    loading.catch(() => chains.delete(namespace))
    chains.set(namespace, loading)
  }
  return loading
}

export function sendDeps(
  frame: Pick<Frame, 'core' | 'api' | 'balanceRetry'>,
  queryClient: QueryClient,
): Send.Deps {
  const { core, api, balanceRetry } = frame
  return {
    ...core,
    chain: chainFor,
    balances: (network, address) =>
      queryClient.fetchQuery(TokenBalances.tokenBalances(api, balanceRetry, network, address)),
    gasPrice: async (network) => BigInt(await queryClient.fetchQuery(GasPrice.gasPrice(api, network))),
    async resolveName(name) {
      if (!api) throw new Error('No Walletframe API: names cannot be resolved')
      return queryClient.fetchQuery(Names.account(api, name))
    },
    async refreshBalances(network, address) {
      await Promise.all([
        TokenBalances.refresh(queryClient, api, balanceRetry, network, address),
        queryClient.invalidateQueries({ queryKey: NativeBalance.nativeBalance(network, address).queryKey }),
        queryClient.invalidateQueries({
          queryKey: History.history(api, network.caipNetworkId, address).queryKey,
        }),
      ])
    },
  }
}
