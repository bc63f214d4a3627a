// The send form: the token, amount and receiver the user entered, the token
// balances it offers, the network fee of the send, and whether a send is under way. The balance
// retry time (`lastRetry`) is the frame's one balance retry block, shared with the Tokens tab.
import type { CaipNetworkId, TokenBalance } from '@walletframe/protocol'
import type { FeeEstimate } from '../lib/sendValidation.js'
import * as Store from '../lib/store.js'

export type SendState = {
  /** The network and account the form is for; another one starts a new form. */
  readonly source: { readonly network: CaipNetworkId; readonly address: string } | undefined
  readonly token: TokenBalance | undefined
  /** The amount as typed, in whole tokens. */
  readonly sendTokenAmount: string
  readonly receiverAddress: string
  readonly receiverProfileImageUrl: string | undefined
  readonly receiverProfileName: string | undefined
  /** The address the receiver's name resolves to on the network; the send goes there. */
  readonly receiverResolvedAddress: string | undefined
  /** Set to "Error resolving name" when the receiver's name did not resolve. */
  readonly receiverNameError: string | undefined
  /** Wei per gas the API quotes for the network (EVM only). */
  readonly gasPrice: bigint | undefined
  /** The network fee of the send, in USD (gas price × estimated gas on EVM). */
  readonly gasPriceInUSD: number | undefined
  /** The native balance, in USD. */
  readonly networkBalanceInUSD: number | undefined
  /** The network fee of the send in the native currency's smallest unit, and where its estimate stands. */
  readonly fee: FeeEstimate
  readonly tokenBalances: readonly TokenBalance[]
  /** Where the token balances stand: "unavailable" when the balance service did not answer. */
  readonly balances: 'loading' | 'ready' | 'unavailable'
  /** A send is waiting for the wallet. */
  readonly loading: boolean
}

export const initial: SendState = {
  source: undefined,
  token: undefined,
  sendTokenAmount: '',
  receiverAddress: '',
  receiverProfileImageUrl: undefined,
  receiverProfileName: undefined,
  receiverResolvedAddress: undefined,
  receiverNameError: undefined,
  gasPrice: undefined,
  gasPriceInUSD: undefined,
  networkBalanceInUSD: undefined,
  fee: { status: 'pending' },
  tokenBalances: [],
  balances: 'loading',
  loading: false,
}

export function create(): Store.Store<SendState> {
  return Store.create(initial)
}
export type SendStore = Store.Store<SendState>
