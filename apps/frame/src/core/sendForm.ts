// The send form's store: the only state the frame keeps of a send (the account it is for, the token,
// the amount and the receiver as entered). It starts with the frame; the rules that read it load
// with the send view (core/send.ts).
import type { CaipNetworkId, TokenBalance } from '@walletframe/protocol'
import * as Store from '../lib/store.js'
import type * as Connection from './connection.js'

export type SendForm = {
  /** The network and account the form is for; another one starts a new form. */
  readonly source: { readonly network: CaipNetworkId; readonly address: string } | undefined
  /** The token chosen; until one is, the native currency (else the first token held). */
  readonly token: TokenBalance | undefined
  /** The amount as typed, in whole tokens. */
  readonly sendTokenAmount: string
  /** The receiver as typed: an address, or on EVM networks a registered name. */
  readonly receiverAddress: string
}

export const initial: SendForm = {
  source: undefined,
  token: undefined,
  sendTokenAmount: '',
  receiverAddress: '',
}

export function create(): Store.Store<SendForm> {
  return Store.create(initial)
}
export type SendStore = Store.Store<SendForm>

/** Where a send goes from: the active network and the connected account on it. */
export type Source = Connection.ActiveAccount

export const sameSource = (form: SendForm, from: Source): boolean =>
  form.source?.network === from.network.caipNetworkId && form.source.address === from.address
