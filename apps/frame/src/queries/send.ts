// The network fee of a send: the chain family's estimate for a transfer of the token to the receiver,
// priced at the API's gas price on EVM networks. A standard transfer costs the same whatever the
// amount, so it is priced for one unit and keyed without the amount: it is not asked again as the
// amount is typed, and is ready before it is.
import { queryOptions, skipToken } from '@tanstack/react-query'
import type { ChainNetwork } from '@walletframe/protocol'
import type { Chain } from '../chains/Chain.js'
import type { Client } from '../data/client.js'
import { FrameError } from '../lib/errors.js'
import * as GasPrice from './gasPrice.js'

export type FeeInput = {
  readonly network: ChainNetwork
  /** The sender: the connected account. */
  readonly from: string
  readonly to: string
  /** The token's contract or mint address; undefined for the native currency. */
  readonly token: string | undefined
  readonly decimals: number
}

/** The fee in the native currency's smallest unit and the gas price it was priced at (EVM), as text: query data stays JSON. */
export type Fee = { readonly fee: string; readonly gasPrice: string | undefined }

export class NoChainError extends FrameError {
  override name = 'NoChainError'
  constructor(namespace: string) {
    super('NO_CHAIN', `The frame cannot send on ${namespace} networks`)
  }
}

/** The fee of sending `input`; undefined asks nothing (no token or no valid receiver yet). */
export function fee(
  api: Pick<Client, 'get'> | undefined,
  /** The chain family of a namespace, loaded (chains/load.ts). */
  chainOf: (namespace: string) => Promise<Chain | undefined>,
  input: FeeInput | undefined,
) {
  return queryOptions({
    queryKey: [
      'sendFee',
      input ? [input.network.caipNetworkId, input.from, input.token ?? null, input.to] : null,
    ] as const,
    queryFn: input
      ? async ({ client }): Promise<Fee> => {
          const { network } = input
          const chain = await chainOf(network.chainNamespace)
          if (!chain) throw new NoChainError(network.chainNamespace)
          const gasPrice =
            network.chainNamespace === 'eip155'
              ? await client.fetchQuery(GasPrice.gasPrice(api, network))
              : undefined
          const transfer = {
            from: input.from,
            to: input.to,
            token: input.token,
            amount: 1n,
            decimals: input.decimals,
          }
          const fee = await chain.transferFee(
            network,
            transfer,
            gasPrice === undefined ? undefined : BigInt(gasPrice),
          )
          return { fee: String(fee), gasPrice }
        }
      : skipToken,
    // The gas price in it moves with every block.
    staleTime: GasPrice.staleTimeMs,
    retry: false,
  })
}
