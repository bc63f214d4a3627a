// Which history entries are on-ramp purchases: the transfers the provider delivered from one of its
// configured funding addresses (GET /v1/account/{address}/history?onramp=true). Read from the chain
// like every other entry, so a purchase shows with its real transaction and amounts.
import type { OnrampConfig } from './config.js'

export type Sender = { chainId: string; address: string }

/** The provider's (network, address) pairs, on `chainId` only when given. */
export function senders(config: Pick<OnrampConfig, 'fundingAddresses'>, chainId?: string): Sender[] {
  return Object.entries(config.fundingAddresses).flatMap(([network, addresses]) =>
    chainId === undefined || network === chainId
      ? addresses.map((address) => ({ chainId: network, address }))
      : [],
  )
}

/** Whether `from` on `chainId` is one of the provider's addresses (EVM addresses in any case). */
export function isSender(list: readonly Sender[], chainId: string, from: string): boolean {
  const evm = chainId.startsWith('eip155:')
  return list.some(
    (sender) =>
      sender.chainId === chainId &&
      (evm ? sender.address.toLowerCase() === from.toLowerCase() : sender.address === from),
  )
}
