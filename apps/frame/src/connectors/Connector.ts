// The one contract every way to a wallet implements (browser wallet, WalletConnect, and the
// embedded wallet): CAIP first, so one connection carries accounts of several chain families.
// Nothing outside a connector branches on which connector it is.
import type {
  AccountEntry,
  AccountState,
  CaipAddress,
  CaipNetworkId,
  ChainNetwork,
  SignInSession,
} from '@walletframe/protocol'

/** A live connection: CAIP-10 accounts across namespaces and the network the wallet is on. */
export type Connection = {
  /** Accounts by CAIP-10 id; the first of a namespace is its selected account. */
  readonly accounts: readonly CaipAddress[]
  /** The CAIP-2 network the wallet is on (may be one the host does not use: UnsupportedChain). */
  readonly network: CaipNetworkId
  /** A sign-in the wallet signed while it connected (WalletConnect one-click sign-in), to be stored. */
  readonly signIn?: SignInSession | undefined
}

/** A call on the wallet's behalf. `network` is the CAIP-2 network it is for. */
export type Request = {
  readonly method: string
  readonly params?: unknown
  readonly network: CaipNetworkId
  /** Its network fee is paid by the app's paymaster (ERC-7677): the user pays no gas. */
  readonly sponsored?: boolean | undefined
}

/**
 * A call waiting for the user's answer: in a wallet app (WalletRequest), or in the frame itself
 * when the wallet lives here (`inFrame`: the embedded wallet, approved on ApproveTransaction).
 */
export type PendingRequest = {
  readonly id: number
  readonly method: string
  readonly since: number
  /** The frame asks the user itself; the call's parameters and network are there to show. */
  readonly inFrame?: boolean | undefined
  readonly params?: unknown
  readonly network?: CaipNetworkId | undefined
  /** The app's paymaster pays its network fee; the approval says so. */
  readonly sponsored?: boolean | undefined
}

/** How a connection was made, for CONNECT_SUCCESS's `method`. */
export type ConnectMethod = 'browser' | 'qrcode' | 'mobile'

/** The app where the user answers a pending request: its name and, when known, a link that opens it. */
export type WalletApp = { readonly name: string; readonly href?: string | undefined }

export type Event =
  /** A connection made outside `connect()` (a scanned QR code approved in a wallet app). */
  | {
      readonly type: 'connect'
      readonly connection: Connection
      readonly method: ConnectMethod
      readonly walletName: string
    }
  | { readonly type: 'accountsChanged'; readonly accounts: readonly CaipAddress[] }
  | { readonly type: 'chainChanged'; readonly network: CaipNetworkId }
  /** The wallet ended the connection, or it expired. */
  | { readonly type: 'disconnect'; readonly reason: 'ended' | 'expired' }
  | { readonly type: 'pendingRequests'; readonly requests: readonly PendingRequest[] }
  /** The way to the wallet dropped or came back; `via` names it for people ("the WalletConnect relay"). */
  | { readonly type: 'transport'; readonly connected: boolean; readonly via: string }

export type Connector = {
  /** Stable id, stored to reconnect after a reload (e.g. `injected:io.metamask`, `walletConnect`). */
  readonly id: string
  /** What the host sees as `state.connector`. */
  readonly type: 'injected' | 'walletConnect' | 'auth'
  readonly name: string
  readonly icon?: string | undefined
  /** Asks the wallet for accounts; rejects with the wallet's error (4001 when the user declines). */
  connect(): Promise<Connection>
  /** Restores a connection without asking the user; resolves undefined when there is none. */
  reconnect(): Promise<Connection | undefined>
  disconnect(): Promise<void>
  /** Sends a call to the wallet; rejects with an EIP-1193 error (4200 for a method it did not approve). */
  request(request: Request): Promise<unknown>
  /** Moves the wallet to `network`; rejects with UnrecognizedChainError when it cannot. */
  switchNetwork(network: ChainNetwork): Promise<void>
  /** The embedded wallet's user and account type while connected (the host's `embeddedWalletInfo`). */
  walletInfo?(): AccountState['embeddedWalletInfo']
  /**
   * Account types of addresses that are not EOAs (lower-case address -> type), e.g. the embedded
   * wallet's smart account; every other address is an EOA.
   */
  accountTypes?(): Readonly<Record<string, AccountEntry['type']>>
  /** Gives up on a pending request: the caller's promise rejects with 4001. */
  cancelRequest?(id: number): void
  /** Lets an `inFrame` pending request go ahead: the wallet signs it. */
  approveRequest?(id: number): void
  /**
   * Where a pending request waits for the user, for the request view to name (and link to, on a
   * phone); undefined when the connector cannot say which app.
   */
  walletApp?(): WalletApp | undefined
  subscribe(listener: (event: Event) => void): () => void
}
