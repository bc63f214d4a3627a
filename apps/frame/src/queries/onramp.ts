// The on-ramp: the provider's options and a quote through the API, the checkout URL, and
// the account's purchases (history?onramp=true). Options change rarely; a quote is asked per amount.
import { queryOptions, skipToken } from '@tanstack/react-query'
import {
  HistoryResponse,
  OnrampOptionsResponse,
  type OnrampQuoteRequest,
  OnrampQuoteResponse,
  type OnrampUrlRequestInput,
  OnrampUrlResponse,
} from '@walletframe/protocol'
import type { Client } from '../data/client.js'

export function options(api: Pick<Client, 'get'>) {
  return queryOptions({
    queryKey: ['onramp', 'options'] as const,
    queryFn: ({ signal }) => api.get('v1/onramp/options', { schema: OnrampOptionsResponse, signal }),
    staleTime: 5 * 60_000,
  })
}

/** The quote for `request`; undefined asks nothing (no valid order yet). */
export function quote(api: Pick<Client, 'post'>, request: OnrampQuoteRequest | undefined) {
  return queryOptions({
    queryKey: ['onramp', 'quote', request ?? null] as const,
    queryFn: request
      ? ({ signal }) => api.post('v1/onramp/quote', request, { schema: OnrampQuoteResponse, signal })
      : skipToken,
    // A price holds for a short while; the checkout confirms it.
    staleTime: 30_000,
    retry: false,
  })
}

export async function checkoutUrl(
  api: Pick<Client, 'post'>,
  request: OnrampUrlRequestInput,
): Promise<string> {
  return (await api.post('v1/generators/onrampurl', request, { schema: OnrampUrlResponse })).url
}

export function purchases(api: Pick<Client, 'get'>, caipNetworkId: string, address: string) {
  return queryOptions({
    queryKey: ['history', 'onramp', caipNetworkId, address] as const,
    queryFn: ({ signal }) =>
      api.get(`v1/account/${encodeURIComponent(address)}/history`, {
        query: { onramp: true, chainId: caipNetworkId, limit: 50 },
        schema: HistoryResponse,
        signal,
      }),
    staleTime: 10_000,
  })
}
