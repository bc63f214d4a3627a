// The swap's server state, one queryOptions factory per resource with its key built here: the
// network's market (its swap tokens, their USD prices, the gas price), then for what the form holds
// once typing has paused the quote, the allowance, and the approval or swap transaction — each
// enabled by the one before it (an input of undefined skips it) and keyed by the network's tokens and
// the amount, so a new amount or token pair asks again and an answer for an older one never shows.
// A query whose failure the user is told about carries it in `meta.failure`.
import { queryOptions, skipToken } from '@tanstack/react-query'
import {
  type CaipAddress,
  type ChainNetwork,
  ConvertAllowanceResponse,
  type ConvertBuildApproveQuery,
  type ConvertBuildTransactionRequest,
  type ConvertQuotesQuery,
  ConvertQuotesResponse,
  type ConvertToken,
  ConvertTokensResponse,
  ConvertTransactionResponse,
  FungiblePriceResponse,
} from '@walletframe/protocol'
import type { Client } from '../data/client.js'
import { FrameError } from '../lib/errors.js'
import * as GasPrice from './gasPrice.js'
import { failures } from './swapFailures.js'

type Api = Pick<Client, 'get' | 'post'> | undefined
export type SdkOmitted<T> = Omit<T, 'projectId' | 'st' | 'sv'>

export { failures } from './swapFailures.js'

/** The frame has no API to ask. */
export class SwapUnavailableError extends FrameError {
  override name = 'SwapUnavailableError'
  constructor() {
    super('SWAP_UNAVAILABLE', 'No Walletframe API: swaps are unavailable')
  }
}

/** The API swaps on EVM networks only. */
export class SwapNotSupportedError extends FrameError {
  override name = 'SwapNotSupportedError'
  constructor() {
    super('SWAP_NOT_SUPPORTED', 'Network not supported for Swaps')
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

/** USD prices by CAIP-10 id; the request body names the project, so it is given here. */
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

/** What the swap form needs of a network before anything is typed. */
export type Market = {
  /** The network's swap tokens (GET /v1/convert/tokens). */
  readonly tokens: readonly ConvertToken[]
  /** USD prices by lower-case CAIP-10 id (the native currency's under 0xeeee…eeee); empty when unknown. */
  readonly prices: Readonly<Record<string, number>>
  /** Wei per gas (the API's standard level), as text: query data stays JSON. */
  readonly gasPrice: string
}

/**
 * The tokens and the gas price (either failing is "Failed to initialize swap"), then the tokens' USD
 * prices: without them the swap still goes ahead, its fees unpriced. Each part is its own query, so
 * the token list and prices keep their own cache times and the gas price is the one the send uses.
 */
/** The first part of the market's key, for whoever follows its answers. */
export const marketKey = 'swapMarket'

export function market(api: Api, projectId: string | undefined, network: ChainNetwork | undefined) {
  return queryOptions({
    queryKey: [marketKey, network?.caipNetworkId ?? null] as const,
    queryFn: network
      ? async ({ client }): Promise<Market> => {
          if (network.chainNamespace !== 'eip155') throw new SwapNotSupportedError()
          const [listed, gasPrice] = await Promise.all([
            client.fetchQuery(tokens(api, network)),
            client.fetchQuery(GasPrice.gasPrice(api, network)),
          ])
          let priced: Record<string, number> = {}
          try {
            const answered = await client.fetchQuery(
              prices(
                api,
                projectId,
                listed.map((token) => token.address),
              ),
            )
            priced = Object.fromEntries(answered.map((price) => [price.address.toLowerCase(), price.price]))
          } catch (error) {
            console.error('[walletframe] swap prices failed:', error)
          }
          return { tokens: listed, prices: priced, gasPrice }
        }
      : skipToken,
    // The gas price in it moves with every block.
    staleTime: GasPrice.staleTimeMs,
    retry: false,
    meta: { failure: { message: failures.initialize, event: 'SWAP_ERROR' } },
  })
}

/** Quotes, allowances and built transactions hold for a short while: the chain moves on. */
export const flowStaleTimeMs = 30_000

/** quotes[0] for what the form holds; undefined when the API has none. A failure is "Insufficient balance". */
/** Every quote: asked again after an approval, the chain having moved on. */
export const quotesKey = ['convertQuote'] as const

export function quote(api: Api, query: SdkOmitted<ConvertQuotesQuery> | undefined) {
  return queryOptions({
    queryKey: ['convertQuote', query ?? null] as const,
    queryFn: query
      ? async ({ signal }) =>
          (await required(api).get('v1/convert/quotes', { query, schema: ConvertQuotesResponse, signal }))
            .quotes[0] ?? null
      : skipToken,
    staleTime: flowStaleTimeMs,
    retry: false,
  })
}

export type AllowanceQuery = {
  tokenAddress: CaipAddress
  userAddress: CaipAddress
  /** The amount the allowance must cover: not sent, but each amount asks again (an allowance moves on chain). */
  amount: string
}

/** In the token's smallest unit, as text (query data stays JSON). */
export function allowance(api: Api, input: AllowanceQuery | undefined) {
  return queryOptions({
    queryKey: ['convertAllowance', input ?? null] as const,
    queryFn: input
      ? async ({ signal }) =>
          (
            await required(api).get('v1/convert/allowance', {
              query: { tokenAddress: input.tokenAddress, userAddress: input.userAddress },
              schema: ConvertAllowanceResponse,
              signal,
            })
          ).allowance
      : skipToken,
    staleTime: flowStaleTimeMs,
    retry: false,
    meta: { failure: { message: failures.allowance, event: 'SWAP_ERROR' } },
  })
}

/** Every allowance of `userAddress`: read again once an approval or a swap of it is on chain. */
export const allowancesOf = (userAddress: CaipAddress) => ({
  queryKey: ['convertAllowance'] as const,
  predicate: (query: { queryKey: readonly unknown[] }) =>
    (query.queryKey[1] as AllowanceQuery | null)?.userAddress === userAddress,
})

export function buildApprove(api: Api, query: SdkOmitted<ConvertBuildApproveQuery> | undefined) {
  return queryOptions({
    queryKey: ['convertBuildApprove', query ?? null] as const,
    queryFn: query
      ? async ({ signal }) =>
          (
            await required(api).get('v1/convert/build-approve', {
              query,
              schema: ConvertTransactionResponse,
              signal,
            })
          ).tx
      : skipToken,
    staleTime: flowStaleTimeMs,
    retry: false,
    meta: { failure: { message: failures.approval, event: 'SWAP_APPROVAL_ERROR' } },
  })
}

/** POST /v1/convert/build-transaction: the swap transaction (a deadline and a quote of now). */
export function buildTransaction(
  api: Api,
  projectId: string | undefined,
  body: Omit<ConvertBuildTransactionRequest, 'projectId'> | undefined,
) {
  return queryOptions({
    queryKey: ['convertBuildTransaction', body ?? null] as const,
    queryFn: body
      ? async ({ signal }) => {
          if (!projectId) throw new SwapUnavailableError()
          const request = { ...body, projectId }
          return (
            await required(api).post('v1/convert/build-transaction', request, {
              schema: ConvertTransactionResponse,
              signal,
            })
          ).tx
        }
      : skipToken,
    staleTime: flowStaleTimeMs,
    retry: false,
    meta: { failure: { message: failures.transaction, event: 'SWAP_ERROR' } },
  })
}
