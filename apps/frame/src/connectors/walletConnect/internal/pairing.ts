// The pairing the views show (QR code, one wallet's deep link, the wallet lists): keeps a fresh URI
// on screen while the user connects, remembers the recent wallet and the deep link on success, and
// offers that link again for requests while the session lasts.
import type { RegistryWallet } from '@walletframe/protocol/walletRegistry'
import * as Store from '../../../lib/store.js'
import { readJson, type Storage } from '../../../storage/Storage.js'
import type { Connection, ConnectMethod } from '../../Connector.js'
import * as ConnectionState from './connectionState.js'
import * as DeepLinks from './deepLinks.js'
import * as RecentWallets from './recentWallets.js'
import * as Refresher from './refresher.js'

/** What the pairing views (QR, one wallet's deep link, AllWallets) read and do. */
export type Pairing = {
  /** The connection state: URI and its expiry, linking, recent wallet, error, buffering, status. */
  readonly state: Store.ReadableStore<ConnectionState.ConnectionState>
  /** Recent wallets, newest first (at most two). */
  readonly recent: Store.ReadableStore<readonly RegistryWallet[]>
  /** The wallet picked in a list, for its connecting view. */
  readonly selected: Store.Store<RegistryWallet | undefined>
  /** Shows a pairing URI (QR view); a fresh one replaces it 10 s before it expires. */
  start(wallet?: RegistryWallet): Promise<void>
  /** The view showing the URI was left: stop replacing it. */
  stop(): void
  /** Starts loading sign-client before the user asks for a QR code. */
  preload(): void
  /** The link that opens `wallet`'s app with the URI on screen, if it has one. */
  linkFor(wallet: RegistryWallet): string | undefined
  /** The user opens `wallet`'s app with the current URI (remembered as the deep-link choice). */
  openWallet(wallet: RegistryWallet): string | undefined
  /** The wallet app opened by link at connect time (the deep-link choice), for requests. */
  walletLink(): ConnectionState.WcLinking | undefined
}

export declare namespace create {
  type Options = {
    /** A new proposal: its URI and the wallet's approval. */
    propose(): Promise<Refresher.Pairing<Connection>>
    /** The URI on screen was abandoned: its approval must not become the session. */
    cancelProposal(): void
    /** Starts loading sign-client. */
    preload(): void
    /** The connected wallet app's name, once approved. */
    peerName(): string | undefined
    /** The recent wallets and the deep-link choice are kept here. */
    storage: Storage
    /** Finds a registry wallet by the name the wallet app reports (for the recent list). */
    findWallet?: ((name: string) => RegistryWallet | undefined) | undefined
    /** Tracking events of the pairing: a failed pairing, a wallet opened by link. */
    track?:
      | ((event: 'CONNECT_ERROR' | 'SELECT_WALLET', properties: Record<string, string>) => void)
      | undefined
    /** A wallet approved the URI on screen. */
    onConnect(connection: Connection, method: ConnectMethod, walletName: string): void
    now: () => number
    timers?: Refresher.Timers | undefined
  }
}

export function create(options: create.Options) {
  const { storage, now } = options
  const state = ConnectionState.create()
  const recent = Store.create<readonly RegistryWallet[]>(RecentWallets.load(storage))
  const selected = Store.create<RegistryWallet | undefined>(undefined)
  /** The wallet chosen from the list for this attempt, if any. */
  let chosen: RegistryWallet | undefined

  const refresher = Refresher.create<Connection>({
    createPairing: options.propose,
    state,
    now,
    ...(options.timers ? { timers: options.timers } : {}),
    onApproved(connection) {
      const linking = state.get().wcLinking
      const peer = options.peerName() ?? 'WalletConnect'
      const wallet = chosen ?? options.findWallet?.(peer)
      if (linking) storage.setItem(RecentWallets.deepLinkKey, JSON.stringify(linking))
      if (wallet) {
        recent.set(RecentWallets.remember(storage, wallet))
        state.setRecentWallet(wallet)
      }
      state.connected()
      options.onConnect(connection, linking ? 'mobile' : 'qrcode', peer)
    },
    onError(error) {
      options.track?.('CONNECT_ERROR', { message: error.message })
    },
  })

  const pairing: Pairing = {
    state,
    recent,
    selected,
    start(wallet) {
      chosen = wallet
      state.setLinking(undefined)
      return refresher.start()
    },
    stop() {
      refresher.stop()
      options.cancelProposal()
      if (state.get().status === 'connecting') state.reset()
    },
    preload: options.preload,
    linkFor(wallet) {
      const uri = state.get().wcUri
      return uri ? DeepLinks.forWallet(wallet, uri) : undefined
    },
    openWallet(wallet) {
      const uri = state.get().wcUri
      if (!uri || ConnectionState.isPairingExpired(state.get(), now())) return undefined
      const href = DeepLinks.forWallet(wallet, uri)
      if (!href) return undefined
      chosen = wallet
      state.setLinking({ name: wallet.name, href })
      options.track?.('SELECT_WALLET', { name: wallet.name, platform: 'mobile' })
      return href
    },
    walletLink() {
      // Not written by this frame (or no link): nothing to offer, the user opens the wallet by hand.
      const stored = readJson(storage, RecentWallets.deepLinkKey) as
        | Partial<ConnectionState.WcLinking>
        | undefined
      if (typeof stored?.name !== 'string' || typeof stored.href !== 'string') return undefined
      return { name: stored.name, href: DeepLinks.forRequest(stored.href) }
    },
  }

  return {
    pairing,
    /** A session was restored: the pairing shows connected. */
    connected: () => state.connected(),
    /**
     * The session is gone: back to disconnected, and the URI, its expiry, the linking, the recent
     * wallet of this attempt and the stored deep link are cleared (recent wallets stay for the next
     * connect).
     */
    reset() {
      refresher.stop()
      options.cancelProposal()
      chosen = undefined
      storage.removeItem(RecentWallets.deepLinkKey)
      state.reset()
    },
  }
}
