// The swap calls (SPEC §7 /v1/convert/*, and /v1/fungible/price for the tokens' USD prices): one
// queryOptions factory per resource, the key built here. Quotes, allowances and built transactions
// are asked for fresh each time (they follow the chain); the token list and prices are cached.
import { queryOptions } from '@tanstack/react-query'
import {
  type CaipAddress,
  type ChainNetwork,
  ConvertAllowanceResponse,
  type ConvertBuildApproveQuery,
  type ConvertBuildTransactionRequest,
  type ConvertQuotesQuery,
  ConvertQuotesResponse,
  ConvertTokensResponse,
  type ConvertTransaction,
  ConvertTransactionResponse,
  FungiblePriceResponse,
} from '@walletframe/protocol'
import type { Client } from '../data/client.js'
import { FrameError } from '../lib/errors.js'

type Api = Pick<Client, 'get' | 'post'> | undefined
type SdkOmitted<T> = Omit<T, 'projectId' | 'st' | 'sv'>

/** The frame has no API to ask. */
export class SwapUnavailableError extends FrameError {
  override name = 'SwapUnavailableError'
  constructor() {
    super('SWAP_UNAVAILABLE', 'No Walletframe API: swaps are unavailable')
  }
}

function required(api: Api): Pick<Client, 'get' | 'post'> {
  if (!api) throw new SwapUnavailableError()
  return api
}

/** The token list changes with the API's configuration, not with the chain. */
export const tokensStaleTimeMs = 5 * 60_000

export function tokens(api: Api, network: Pick<ChainNetwork, 'caipNetworkId'>) {
  return queryOptions({
    queryKey: ['convertTokens', network.caipNetworkId] as const,
    queryFn: async ({ signal }) =>
      (
        await required(api).get('v1/convert/tokens', {
          query: { chainId: network.caipNetworkId },
          schema: ConvertTokensResponse,
          signal,
        })
      ).tokens,
    staleTime: tokensStaleTimeMs,
  })
}

/** USD prices by CAIP-10 id; the request body names the project (SPEC §7), so it is given here. */
export function prices(api: Api, projectId: string | undefined, addresses: readonly CaipAddress[]) {
  return queryOptions({
    queryKey: ['fungiblePrices', [...addresses].sort()] as const,
    queryFn: async ({ signal }) => {
      if (!projectId) throw new SwapUnavailableError()
      const body = { currency: 'usd', addresses, projectId }
      return (await required(api).post('v1/fungible/price', body, { schema: FungiblePriceResponse, signal }))
        .fungibles
    },
    staleTime: 60_000,
  })
}

export function quote(api: Api, query: SdkOmitted<ConvertQuotesQuery>) {
  return queryOptions({
    queryKey: ['convertQuote', query] as const,
    queryFn: async ({ signal }) =>
      (await required(api).get('v1/convert/quotes', { query, schema: ConvertQuotesResponse, signal }))
        .quotes[0],
    staleTime: 0,
    retry: false,
  })
}

export function allowance(api: Api, query: { tokenAddress: CaipAddress; userAddress: CaipAddress }) {
  return queryOptions({
    queryKey: ['convertAllowance', query] as const,
    // Text, not bigint: query data stays JSON.
    queryFn: async ({ signal }) =>
      (await required(api).get('v1/convert/allowance', { query, schema: ConvertAllowanceResponse, signal }))
        .allowance,
    staleTime: 0,
    retry: false,
  })
}

export function buildApprove(api: Api, query: SdkOmitted<ConvertBuildApproveQuery>) {
  return queryOptions({
    queryKey: ['convertBuildApprove', query] as const,
    queryFn: async ({ signal }) =>
      (
        await required(api).get('v1/convert/build-approve', {
          query,
          schema: ConvertTransactionResponse,
          signal,
        })
      ).tx,
    staleTime: 0,
    retry: false,
  })
}

/** POST /v1/convert/build-transaction: a fresh swap transaction (a deadline and a quote of now). */
export async function buildTransaction(
  api: Api,
  body: ConvertBuildTransactionRequest,
): Promise<ConvertTransaction> {
  const { tx } = await required(api).post('v1/convert/build-transaction', body, {
    schema: ConvertTransactionResponse,
  })
  return tx
}
