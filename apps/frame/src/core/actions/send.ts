// The send flow: the form's token, amount and receiver, its token balances and
// network fee, and the send itself. The chain family of the active network builds the wallet request
// and follows the transaction; the active connector sends it; the view goes to Account meanwhile.
import {
  type AccountEntry,
  type ChainNetwork,
  coinTypeOfChain,
  messages,
  type NameAccount,
  parseAddress,
  type TokenBalance,
} from '@walletframe/protocol'
import type { Chain, PreparedTransfer, Transfer } from '../../chains/Chain.js'
import { accountMessages } from '../../lib/accountMessages.js'
import { FrameError, messageOf } from '../../lib/errors.js'
import { nameMessages } from '../../lib/nameMessages.js'
import * as SendValidation from '../../lib/sendValidation.js'
import type { Core } from '../Core.js'
import * as Connection from '../connection.js'
import * as SendState from '../send.js'
import * as Navigation from './navigation.js'

export type Deps = Pick<Core, 'send' | 'connection' | 'networks' | 'toasts' | 'modal' | 'analytics'> & {
  /** The chain family of `namespace`, loaded; undefined for one the frame has none for. */
  chain(namespace: string): Promise<Chain | undefined>
  /** The token balances of `address` on `network` (the tokenBalances query). */
  balances(network: ChainNetwork, address: string): Promise<TokenBalance[]>
  /** Wei per gas the API quotes for an EVM network (the gasPrice query). */
  gasPrice(network: ChainNetwork): Promise<bigint>
  /** Balances changed on chain: the balance queries of `address` fetch again. */
  refreshBalances(network: ChainNetwork, address: string): Promise<void>
  /** The account registered under a name (GET /v1/profile/account/{name}); rejects for an unknown one. */
  resolveName(name: string): Promise<NameAccount>
}

/** The form cannot send: the message says why, in the words the form shows. */
export class SendError extends FrameError {
  override name = 'SendError'
  constructor(message: string) {
    super('SEND_INVALID', message)
  }
}

export type Source = Connection.ActiveAccount

/** Where a send goes from: the active network and the connected account on it. */
export function source(core: Pick<Core, 'connection' | 'networks'>): Source | undefined {
  return Connection.activeAccount(core.connection.get(), core.networks.get().active)
}

const sameSource = (state: SendState.SendState, from: Source) =>
  state.source?.network === from.network.caipNetworkId && state.source.address === from.address

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

function accountTypeOf(core: Pick<Core, 'connection'>, address: string): AccountEntry['type'] | undefined {
  const { accounts, connector } = core.connection.get()
  return Connection.accountEntries(accounts, connector?.accountTypes).find(
    (entry) => entry.address === address,
  )?.type
}

/**
 * Opens the form on the active network and account (a form for another one starts over), loads
 * the token balances it offers and keeps the chosen token, else picks the native currency.
 */
export async function load(deps: Deps): Promise<void> {
  const from = source(deps)
  if (!from) return
  if (!sameSource(deps.send.get(), from))
    deps.send.set({
      ...SendState.initial,
      source: { network: from.network.caipNetworkId, address: from.address },
    })
  let balances: TokenBalance[]
  try {
    balances = (await deps.balances(from.network, from.address)).filter(
      (balance) => balance.chainId === from.network.caipNetworkId,
    )
  } catch {
    // The query failed and recorded the retry block; the form says the balances are unavailable.
    if (sameSource(deps.send.get(), from)) deps.send.set((state) => ({ ...state, balances: 'unavailable' }))
    return
  }
  if (!sameSource(deps.send.get(), from)) return
  deps.send.set((state) => {
    const kept = state.token && balances.find((balance) => balance.address === state.token?.address)
    const token = kept ?? nativeOf(balances, from.network) ?? balances[0]
    return {
      ...state,
      tokenBalances: balances,
      token,
      balances: 'ready',
      networkBalanceInUSD: nativeOf(balances, from.network)?.value ?? 0,
      ...(token === state.token ? {} : { fee: { status: 'pending' } }),
    }
  })
  await estimate(deps)
}

export async function selectToken(deps: Deps, token: TokenBalance): Promise<void> {
  deps.send.set((state) => ({ ...state, token, fee: { status: 'pending' } }))
  await estimate(deps)
}

export function setAmount(core: Pick<Core, 'send'>, sendTokenAmount: string): void {
  core.send.set((state) => ({ ...state, sendTokenAmount }))
}

/** A registered name (`label.zone`) rather than an address. */
export function isName(receiver: string): boolean {
  return /^[a-z0-9-]{4,63}(\.[a-z0-9-]+)+$/i.test(receiver.trim())
}

/** Where the send goes: the address the receiver's name resolved to, else the receiver as typed. */
export function receiverOf(
  state: Pick<SendState.SendState, 'receiverAddress' | 'receiverResolvedAddress'>,
): string {
  return state.receiverResolvedAddress ?? state.receiverAddress.trim()
}

export async function setReceiver(deps: Deps, receiverAddress: string): Promise<void> {
  deps.send.set((state) => ({
    ...state,
    receiverAddress,
    receiverProfileName: undefined,
    receiverProfileImageUrl: undefined,
    receiverResolvedAddress: undefined,
    receiverNameError: undefined,
    fee: { status: 'pending' },
  }))
  const network = source(deps)?.network
  if (network?.chainNamespace === 'eip155' && isName(receiverAddress)) await resolveReceiver(deps, network)
  await estimate(deps)
}

/**
 * The receiver's name to its address on the active network: the network's ENSIP-11 coin type, else
 * 60 (an EVM account registered on Ethereum has the same address on every EVM chain).
 */
async function resolveReceiver(deps: Deps, network: ChainNetwork): Promise<void> {
  const typed = deps.send.get().receiverAddress
  const name = typed.trim().toLowerCase()
  let resolved: { address: string; avatar: string | undefined } | undefined
  try {
    const account = await deps.resolveName(name)
    const coinType = coinTypeOfChain(Number(network.caipNetworkId.split(':')[1]))
    const address = (account.addresses[String(coinType)] ?? account.addresses['60'])?.address
    if (address) resolved = { address, avatar: account.attributes.avatar }
  } catch (error) {
    console.error('[walletframe] name resolution failed:', error)
  }
  // Typed on meanwhile: the newer text has its own resolution.
  if (deps.send.get().receiverAddress !== typed) return
  deps.send.set((state) =>
    resolved
      ? {
          ...state,
          receiverProfileName: name,
          receiverProfileImageUrl: resolved.avatar,
          receiverResolvedAddress: resolved.address,
        }
      : { ...state, receiverNameError: nameMessages.resolveFailed },
  )
}

/**
 * Prices the send once the token and a valid receiver are known: the API's gas price on EVM (GET
 * /v1/convert/gas-price, standard level) and the chain's fee for the transfer. A token or receiver
 * changed meanwhile makes the answer stale: it is dropped, the newer estimate sets the fee.
 */
export async function estimate(deps: Deps): Promise<void> {
  const from = source(deps)
  const { token } = deps.send.get()
  const receiver = receiverOf(deps.send.get())
  if (!from || !token) return
  const chain = await deps.chain(from.network.chainNamespace)
  if (!chain?.isAddress(receiver)) return
  const current = () => {
    const now = deps.send.get()
    return sameSource(now, from) && now.token === token && receiverOf(now) === receiver
  }
  try {
    const gasPrice = from.network.chainNamespace === 'eip155' ? await deps.gasPrice(from.network) : undefined
    // A standard transfer costs the same whatever the amount: priced for one unit, the estimate
    // does not run again as the amount is typed, and is ready before it is.
    const transfer: Transfer = {
      from: from.address,
      to: receiver,
      token: tokenAddress(token),
      amount: 1n,
      decimals: Number(token.quantity.decimals),
    }
    const fee = await chain.transferFee(from.network, transfer, gasPrice)
    if (!current()) return
    deps.send.set((state) => {
      const native = nativeOf(state.tokenBalances, from.network)
      return {
        ...state,
        gasPrice,
        fee: { status: 'ready', fee, gasPrice },
        gasPriceInUSD: SendValidation.toUsd(fee, from.network.nativeCurrency.decimals, native?.price ?? 0),
        networkBalanceInUSD: native?.value ?? 0,
      }
    })
  } catch (error) {
    if (!current()) return
    deps.send.set((state) => ({
      ...state,
      fee: { status: 'failed', message: `Cannot estimate the network fee: ${messageOf(error)}` },
    }))
  }
}

/** Whether the form can send now, and what to tell the user when it cannot (lib/sendValidation.ts). */
export function verdict(
  state: SendState.SendState,
  context: {
    network: ChainNetwork
    /** The network's chain family, once loaded (it checks the receiver). */
    chain: Pick<Chain, 'isAddress'> | undefined
    accountType?: AccountEntry['type'] | undefined
  },
): SendValidation.Verdict {
  const native = nativeOf(state.tokenBalances, context.network)
  const decimals = context.network.nativeCurrency.decimals
  return SendValidation.validateSend({
    namespace: context.network.chainNamespace,
    token: state.token,
    amount: state.sendTokenAmount,
    receiver: receiverOf(state),
    receiverAccepted: context.chain?.isAddress(receiverOf(state)) ?? false,
    fee: state.fee,
    native: {
      balance: native ? SendValidation.unitsOf(native.quantity.numeric, decimals) : 0n,
      decimals,
      price: native?.price ?? 0,
    },
    accountType: context.accountType,
  })
}

/** The verdict for the active network and account, or undefined when nothing is connected there. */
export function check(
  core: Pick<Core, 'send' | 'connection' | 'networks'>,
  chain: Pick<Chain, 'isAddress'> | undefined,
) {
  const from = source(core)
  if (!from) return undefined
  return verdict(core.send.get(), {
    network: from.network,
    chain,
    accountType: accountTypeOf(core, from.address),
  })
}

/**
 * Sends what the form holds: the namespace picks the flow (eip155, solana, else
 * "Unsupported chain"); the view goes to Account; the wallet's answer shows "Transaction started"
 * and resets the form; once the transaction is confirmed the balances fetch again. A failure is a
 * toast: "Something went wrong" on EVM, "Failed to send transaction. Please try again." on Solana.
 * Rejects with a SendError, sending nothing, when the form cannot send.
 */
export async function send(deps: Deps): Promise<void> {
  const from = source(deps)
  if (!from) throw new SendError(messages.connectBeforeRequest)
  const { network, address } = from
  if (!SendValidation.sendNamespaces.has(network.chainNamespace))
    throw new SendError(accountMessages.unsupportedChain)
  const chain = await deps.chain(network.chainNamespace)
  const state = deps.send.get()
  if (state.loading) throw new SendError('A send is already waiting for the wallet')
  const result = verdict(state, { network, chain, accountType: accountTypeOf(deps, address) })
  if (result.status === 'invalid') throw new SendError(result.message)
  if (result.status === 'estimating' || !chain || !state.token)
    throw new SendError('The network fee is not known yet')
  const connector = deps.connection.connector()
  if (!connector) throw new SendError(messages.connectBeforeRequest)
  const failed =
    network.chainNamespace === 'eip155' ? accountMessages.evmSendFailed : accountMessages.solanaSendFailed
  const transfer: Transfer = {
    from: address,
    to: receiverOf(state),
    token: tokenAddress(state.token),
    amount: result.amount,
    decimals: Number(state.token.quantity.decimals),
  }
  const tracked = { network: network.caipNetworkId, token: state.token.symbol, amount: state.sendTokenAmount }

  deps.send.set((current) => ({ ...current, loading: true }))
  Navigation.reset(deps, 'Account')
  let prepared: PreparedTransfer
  let answer: unknown
  try {
    prepared = await chain.prepareTransfer(network, transfer)
    answer = await connector.request({
      method: prepared.method,
      params: prepared.params,
      network: network.caipNetworkId,
    })
  } catch (error) {
    deps.send.set((current) => ({ ...current, loading: false }))
    deps.analytics.track({ event: 'SEND_ERROR', properties: { ...tracked, message: messageOf(error) } })
    return report(deps, failed, error)
  }
  deps.toasts.success(accountMessages.transactionStarted)
  deps.send.set((current) => ({
    ...SendState.initial,
    source: current.source,
    tokenBalances: current.tokenBalances,
    balances: current.balances,
  }))
  try {
    await prepared.confirm(answer)
  } catch (error) {
    deps.analytics.track({ event: 'SEND_ERROR', properties: { ...tracked, message: messageOf(error) } })
    return report(deps, failed, error)
  }
  deps.analytics.track({ event: 'SEND_SUCCESS', properties: tracked })
  await deps.refreshBalances(network, address)
}

function report(deps: Pick<Deps, 'toasts'>, message: string, error: unknown) {
  // The toast has a fixed message per chain family; the reason goes to the console for whoever debugs it.
  console.error('[walletframe] send failed:', error)
  deps.toasts.error(message)
}
