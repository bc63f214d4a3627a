// The send's rules: they turn the form (core/sendForm.ts) with the balances, the receiver's name and
// the network fee — server state, held by the query cache — into what the form shows and whether it
// can send.
import {
  type AccountEntry,
  type ChainNetwork,
  coinTypeOfChain,
  type NameAccount,
  parseAddress,
  type TokenBalance,
} from '@walletframe/protocol'
import type { Chain } from '../chains/Chain.js'
import type { SendForm } from './sendForm.js'
import * as SendValidation from './sendValidation.js'

export {
  create,
  initial,
  type SendForm,
  type SendStore,
  type Source,
  sameSource,
} from './sendForm.js'

/** The token's contract or mint address; undefined for the native currency. */
export function tokenAddress(token: Pick<TokenBalance, 'address'>): string | undefined {
  return token.address === undefined ? undefined : parseAddress(token.address).address
}

/** The native currency's entry of `balances` on `network` (the balance service leaves out a zero balance). */
export function nativeOf(
  balances: readonly TokenBalance[],
  network: Pick<ChainNetwork, 'caipNetworkId'>,
): TokenBalance | undefined {
  return balances.find(
    (balance) => balance.address === undefined && balance.chainId === network.caipNetworkId,
  )
}

/** The balances a send on `network` offers (the service may list other networks' too). */
export function balancesOn(balances: readonly TokenBalance[], network: Pick<ChainNetwork, 'caipNetworkId'>) {
  return balances.filter((balance) => balance.chainId === network.caipNetworkId)
}

/** The token the form sends: the one chosen while still held, else the native currency, else the first. */
export function tokenOf(
  form: Pick<SendForm, 'token'>,
  balances: readonly TokenBalance[],
  network: Pick<ChainNetwork, 'caipNetworkId'>,
): TokenBalance | undefined {
  const kept = form.token && balances.find((balance) => balance.address === form.token?.address)
  return kept ?? nativeOf(balances, network) ?? balances[0]
}

/** A registered name (`label.zone`) rather than an address. */
export function isName(receiver: string): boolean {
  return /^[a-z0-9-]{4,63}(\.[a-z0-9-]+)+$/i.test(receiver.trim())
}

/** The name to resolve for what was typed: names resolve on EVM networks only. */
export function nameOf(receiver: string, network: Pick<ChainNetwork, 'chainNamespace'>): string | undefined {
  return network.chainNamespace === 'eip155' && isName(receiver) ? receiver.trim().toLowerCase() : undefined
}

/**
 * The address a name's account has on `network`: its ENSIP-11 coin type, else 60 (an EVM account
 * registered on Ethereum has the same address on every EVM chain).
 */
export function addressOn(
  account: NameAccount,
  network: Pick<ChainNetwork, 'caipNetworkId'>,
): string | undefined {
  const coinType = coinTypeOfChain(Number(network.caipNetworkId.split(':')[1]))
  return (account.addresses[String(coinType)] ?? account.addresses['60'])?.address
}

/** Where the send goes: the address the receiver's name resolved to, else the receiver as typed. */
export function receiverOf(
  form: Pick<SendForm, 'receiverAddress'>,
  resolvedAddress: string | undefined,
): string {
  return resolvedAddress ?? form.receiverAddress.trim()
}

/** Whether the form can send now, and what to tell the user when it cannot. */
export function verdict(input: {
  network: ChainNetwork
  /** The network's chain family, once loaded (it checks the receiver). */
  chain: Pick<Chain, 'isAddress'> | undefined
  token: TokenBalance | undefined
  amount: string
  receiver: string
  balances: readonly TokenBalance[]
  fee: SendValidation.FeeEstimate
  accountType?: AccountEntry['type'] | undefined
}): SendValidation.Verdict {
  const native = nativeOf(input.balances, input.network)
  const decimals = input.network.nativeCurrency.decimals
  return SendValidation.validateSend({
    namespace: input.network.chainNamespace,
    token: input.token,
    amount: input.amount,
    receiver: input.receiver,
    receiverAccepted: input.chain?.isAddress(input.receiver) ?? false,
    fee: input.fee,
    native: {
      balance: native ? SendValidation.unitsOf(native.quantity.numeric, decimals) : 0n,
      decimals,
      price: native?.price ?? 0,
    },
    accountType: input.accountType,
  })
}
