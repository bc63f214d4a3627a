// Sign-in sessions: whether the host asks for one, and the sessions this
// frame holds, one per account. The host sees the session of the account on the active network.
// Plain state only: writing, checking and signing sessions is actions/signIn.ts, loaded when a host
// asks for sign-in.
import type { ChainNetwork, SignInSession, SiwxSession, StoredSignIn } from '@walletframe/protocol'
import * as Store from '../lib/store.js'
import * as Connection from './connection.js'

/** A session the API stored, with the key that lets this frame revoke it. */
export type SignedIn = StoredSignIn

export type SiwxState = {
  /** HostConfig.siwx: undefined when the host asks for no sign-in. */
  readonly config: { readonly required: boolean } | undefined
  /** Newest first, at most one per account. */
  readonly sessions: readonly SignedIn[]
  /** Signed by the wallet while it connected (WalletConnect one-click sign-in), not yet stored at the API. */
  readonly signedAtConnect?: SignInSession | undefined
}

/** Where the sessions are kept (the frame's storage regime decides where that is). */
export const storageKey = 'walletframe:siwx'

export function create() {
  return Store.create<SiwxState>({ config: undefined, sessions: [] })
}
export type SiwxStore = ReturnType<typeof create>

/** Accounts compare by namespace and address; EVM addresses without regard to case. */
export function accountKey(network: Pick<ChainNetwork, 'chainNamespace'>, address: string): string {
  return `${network.chainNamespace}:${network.chainNamespace === 'eip155' ? address.toLowerCase() : address}`
}

export function sessionKey(signedIn: SignedIn): string {
  const namespace = signedIn.session.data.chainId.split(':')[0] as ChainNetwork['chainNamespace']
  return accountKey({ chainNamespace: namespace }, signedIn.session.data.accountAddress)
}

/** The signed-in account on the active network: its session, if this frame holds one. */
export function current(
  state: SiwxState,
  connection: Connection.ConnectionState,
  network: ChainNetwork | undefined,
): SignedIn | undefined {
  const from = Connection.activeAccount(connection, network)
  if (!from) return undefined
  const key = accountKey(from.network, from.address)
  return state.sessions.find((signedIn) => sessionKey(signedIn) === key)
}

/** What the host's `siwx` event carries for a session. */
export function toHost(signedIn: SignedIn | undefined): SiwxSession | null {
  return signedIn ? { id: signedIn.id, ...signedIn.session } : null
}
