// WalletConnect as a Connector, plus the pairing it shows on screen: keeps a fresh QR / deep-link
// URI while the user connects, remembers recent wallets and the deep link on success, reports the
// approval as a `connect` event, restores the session on reload, and lists requests that wait for
// the wallet app (cancellable).

import type { SignClientTypes } from '@walletconnect/types'
import type { ChainNetwork, FrameWalletConnect } from '@walletframe/protocol'
import type { RegistryWallet } from '@walletframe/protocol/walletRegistry'
import * as Store from '../../lib/store.js'
import { readJson, type Storage } from '../../storage/Storage.js'
import type { Connection, Connector, Event } from '../Connector.js'
import * as ConnectionState from './connectionState.js'
import * as DeepLinks from './deepLinks.js'
import * as Pairing from './pairing.js'
import * as PendingRequests from './pendingRequests.js'
import * as RecentWallets from './recentWallets.js'
import * as WalletConnect from './WalletConnect.js'

/** What the pairing views (QR, one wallet's deep link, AllWallets) read and do. */
export type PairingCapability = {
  /** SPEC §3 connection state: URI and its expiry, linking, recent wallet, error, buffering, status. */
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
  /** The wallet app opened by link at connect time (SPEC §3 deep-link choice), for requests. */
  walletLink(): ConnectionState.WcLinking | undefined
}

export type { ConnectionState as PairingState, WcLinking } from './connectionState.js'

export declare namespace create {
  type Options = {
    config: FrameWalletConnect
    /** The host's project: sessions are stored per project. */
    projectId: string
    /** The host app as the wallet shows it. */
    metadata: SignClientTypes.Metadata
    /** Non-secret state: sign-client's session data, recent wallets, the deep-link choice. */
    storage: Storage
    /** The host's networks and the active one (proposal namespaces, the default chain). */
    networks(): { available: readonly ChainNetwork[]; active: string | undefined }
    /** Finds a registry wallet by the name the wallet app reports (for the recent list). */
    findWallet?(name: string): RegistryWallet | undefined
    /** Tracking events of the pairing (SPEC §4 CONNECT_ERROR, SELECT_WALLET). */
    track?(event: 'CONNECT_ERROR' | 'SELECT_WALLET', properties: Record<string, string>): void
    now?: () => number
    timers?: Pairing.Timers
    /** What a wallet is asked to sign in to while it connects (see WalletConnect.create). */
    signIn?: WalletConnect.create.Options['signIn']
    /** Replaces the sign-client layer (tests). */
    walletConnect?: WalletConnect.WalletConnect
  }
}

export function create(options: create.Options): { connector: Connector; pairing: PairingCapability } {
  const { storage, now = Date.now } = options
  const wc =
    options.walletConnect ??
    WalletConnect.create({
      config: options.config,
      projectId: options.projectId,
      metadata: options.metadata,
      storage,
      networks: options.networks,
      ...(options.signIn ? { signIn: options.signIn } : {}),
    })
  const listeners = new Set<(event: Event) => void>()
  const emit = (event: Event) => {
    for (const listener of listeners) listener(event)
  }
  const state = ConnectionState.create()
  const recent = Store.create<readonly RegistryWallet[]>(RecentWallets.load(storage))
  const pending = PendingRequests.create(now)
  const selected = Store.create<RegistryWallet | undefined>(undefined)
  /** The wallet chosen from the list for this attempt, if any. */
  let chosen: RegistryWallet | undefined

  pending.subscribe((requests) => emit({ type: 'pendingRequests', requests }))

  const pairing = Pairing.create<Connection>({
    createPairing: () => wc.pair(),
    state,
    now,
    ...(options.timers ? { timers: options.timers } : {}),
    onApproved(connection) {
      const linking = state.get().wcLinking
      const peer = wc.peer()?.name ?? 'WalletConnect'
      const wallet = chosen ?? options.findWallet?.(peer)
      if (linking) storage.setItem(RecentWallets.deepLinkKey, JSON.stringify(linking))
      if (wallet) {
        recent.set(RecentWallets.remember(storage, wallet))
        state.setRecentWallet(wallet)
      }
      state.connected()
      emit({ type: 'connect', connection, method: linking ? 'mobile' : 'qrcode', walletName: peer })
    },
    onError(error) {
      options.track?.('CONNECT_ERROR', { message: error.message })
    },
  })

  wc.subscribe((event) => {
    if (event.type === 'accountsChanged') emit(event)
    if (event.type === 'chainChanged') emit(event)
    if (event.type === 'relay')
      emit({ type: 'transport', connected: event.connected, via: 'the WalletConnect relay' })
    if (event.type === 'disconnect') {
      pending.cancelAll()
      reset()
      emit({ type: 'disconnect', reason: event.reason === 'expired' ? 'expired' : 'ended' })
    }
  })

  /** SPEC §4 reset: disconnected; clears URI, expiry, linking, recent wallet and stored deep link. */
  function reset() {
    pairing.stop()
    wc.cancelPairing()
    chosen = undefined
    storage.removeItem(RecentWallets.deepLinkKey)
    state.reset()
  }

  const connector: Connector = {
    id: 'walletConnect',
    type: 'walletConnect',
    name: 'WalletConnect',
    async connect() {
      const { approval } = await wc.pair()
      return approval
    },
    async reconnect() {
      const connection = await wc.reconnect()
      if (connection) state.connected()
      return connection
    },
    async disconnect() {
      pending.cancelAll()
      reset()
      await wc.disconnect()
    },
    request({ method, params, network }) {
      return pending.run(method, () => wc.request(method, params, network))
    },
    async switchNetwork(network) {
      await pending.run('wallet_switchEthereumChain', () => wc.switchChain(network.caipNetworkId))
    },
    cancelRequest: (id) => pending.cancel(id),
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
  }

  const capability: PairingCapability = {
    state,
    recent,
    selected,
    start(wallet) {
      chosen = wallet
      state.setLinking(undefined)
      return pairing.start()
    },
    stop() {
      pairing.stop()
      wc.cancelPairing()
      if (state.get().status === 'connecting') state.reset()
    },
    preload: () => wc.preload(),
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
  return { connector, pairing: capability }
}
