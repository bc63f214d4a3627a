// The Tokens tab and the send form's token list: GET /v1/account/{address}/balance for the active
// network. Cached 30 s and persisted where storage allows; decimals-0 tokens dropped. A failure
// records the retry time, and a new fetch within 30 s of it returns empty instead of calling again
// (the user sees "Token Balance Unavailable").
import { type QueryClient, queryOptions } from '@tanstack/react-query'
import { BalanceResponse, type ChainNetwork, type TokenBalance } from '@walletframe/protocol'
import type { Client } from '../data/client.js'
import { FrameError } from '../lib/errors.js'
import type { RetryBlock } from './retryBlock.js'

export const staleTimeMs = 30_000

/** The namespaces the balance service serves: eip155 and solana. */
export const balanceNamespaces: ReadonlySet<string> = new Set(['eip155', 'solana'])

/**
 * Namespaces whose balances the frame does not show at all, so their networks ask no one and fail
 * nothing: bip122, as no Bitcoin node or indexer is configured anywhere the frame could read.
 */
export const unshownNamespaces: ReadonlySet<string> = new Set(['bip122'])

/** The balance service could not answer, or does not serve this network. */
export class TokenBalanceUnavailableError extends FrameError {
  override name = 'TokenBalanceUnavailableError'
  constructor(reason: string, cause?: unknown) {
    super('TOKEN_BALANCE_UNAVAILABLE', `Token balances are unavailable: ${reason}`, { cause })
  }
}

/** Drops tokens with decimals 0; the rest most valuable first. */
export function shown(balances: readonly TokenBalance[]): TokenBalance[] {
  return balances
    .filter((balance) => balance.quantity.decimals !== '0')
    .sort((a, b) => b.value - a.value || a.symbol.localeCompare(b.symbol))
}

export function tokenBalances(
  api: Pick<Client, 'get'> | undefined,
  block: RetryBlock,
  network: Pick<ChainNetwork, 'caipNetworkId' | 'chainNamespace'>,
  address: string,
  /** Read the chain now, past the API's 30 s cache (after a transaction of this account). */
  options: { forceUpdate?: boolean } = {},
) {
  return queryOptions({
    queryKey: ['tokenBalances', network.caipNetworkId, address] as const,
    queryFn: async ({ signal }): Promise<TokenBalance[]> => {
      if (block.blocked()) return []
      if (!api || !balanceNamespaces.has(network.chainNamespace)) {
        block.failed()
        throw new TokenBalanceUnavailableError(`${network.caipNetworkId} is not a balance network`)
      }
      try {
        const { balances } = await api.get(`v1/account/${encodeURIComponent(address)}/balance`, {
          query: {
            currency: 'usd',
            chainId: network.caipNetworkId,
            ...(options.forceUpdate && { forceUpdate: true }),
          },
          schema: BalanceResponse,
          signal,
        })
        return shown(balances)
      } catch (error) {
        block.failed()
        throw new TokenBalanceUnavailableError((error as Error).message, error)
      }
    },
    // The retry block is the retry policy: a second attempt within 30 s would only return empty.
    retry: false,
    staleTime: staleTimeMs,
    gcTime: 24 * 60 * 60_000,
    meta: { persist: true },
  })
}

/** Reads the balances past every cache (after a send) and puts them where the views read them. */
export async function refresh(
  queryClient: QueryClient,
  ...args: Parameters<typeof tokenBalances>
): Promise<void> {
  const [api, block, network, address] = args
  const fresh = tokenBalances(api, block, network, address, { forceUpdate: true })
  await queryClient.fetchQuery({ ...fresh, staleTime: 0 })
}
