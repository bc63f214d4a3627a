// The gas price of an EVM network: GET /v1/convert/gas-price, the standard level, in wei per gas. It
// prices the send form's network fee (and so whether the native balance covers the gas).
import { queryOptions } from '@tanstack/react-query'
import { type ChainNetwork, GasPriceResponse } from '@walletframe/protocol'
import type { Client } from '../data/client.js'
import { FrameError } from '../lib/errors.js'

/** Fees move with every block; a quote older than this is asked for again. */
export const staleTimeMs = 15_000

/** The error's message when the network has no gas price. */
export const notSupported = 'Network not supported for Gas Price'

export class GasPriceUnavailableError extends FrameError {
  override name = 'GasPriceUnavailableError'
  constructor(message: string = notSupported, cause?: unknown) {
    super('GAS_PRICE_UNAVAILABLE', message, { cause })
  }
}

export function gasPrice(
  api: Pick<Client, 'get'> | undefined,
  network: Pick<ChainNetwork, 'caipNetworkId' | 'chainNamespace'>,
) {
  return queryOptions({
    queryKey: ['gasPrice', network.caipNetworkId] as const,
    // Text, not bigint: query data stays JSON.
    queryFn: async ({ signal }): Promise<string> => {
      if (!api || network.chainNamespace !== 'eip155') throw new GasPriceUnavailableError()
      const prices = await api.get('v1/convert/gas-price', {
        query: { chainId: network.caipNetworkId },
        schema: GasPriceResponse,
        signal,
      })
      return prices.standard
    },
    staleTime: staleTimeMs,
  })
}
