// The WalletConnect side of the frame: runs the pairing on screen (QR / deep link), remembers recent
// wallets and the deep link on success, emits CONNECT_SUCCESS, restores the session on reload, shows
// requests that wait for the wallet, and hands connection changes to the controller through hooks.
import type { RegistryWallet } from '@walletframe/protocol/walletRegistry'
import type { Analytics } from '../analytics/events.js'
import type { Connection } from '../connectors/Connector.js'
import type { Event, WalletConnectConnector } from '../connectors/walletConnect.js'
import * as Store from '../state/store.js'
import * as ConnectionState from './connectionState.js'
import * as DeepLinks from './deepLinks.js'
import * as Pairing from './pairing.js'
import * as PendingRequests from './pendingRequests.js'
import * as RecentWallets from './recentWallets.js'

export declare namespace create {
  type Hooks = {
    /** A wallet approved the session (or it was restored): apply it as the connection. */
    connected(connector: WalletConnectConnector, connection: Connection, restored: boolean): void
    accountsChanged(accounts: readonly string[]): void
    chainChanged(chainId: number): void
    /** The wallet ended the session, or it expired. */
    disconnected(reason: 'deleted' | 'expired'): void
    relay(connected: boolean): void
  }
  type Options = {
    connector: WalletConnectConnector
    storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>
    analytics: Pick<Analytics, 'track'>
    hooks: Hooks
    /** Finds a registry wallet by the name the wallet app reports (for the recent list). */
    findWallet?(name: string): RegistryWallet | undefined
    now?: () => number
    timers?: Pairing.Timers
  }
}

export function create(options: create.Options) {
  const { connector, storage, analytics, hooks, now = Date.now } = options
  const state = ConnectionState.create()
  const recent = Store.create<readonly RegistryWallet[]>(RecentWallets.load(storage))
  const pending = PendingRequests.create(now)
  /** The wallet picked in AllWallets / the Connect view, for its connecting view. */
  const selected = Store.create<RegistryWallet | undefined>(undefined)
  /** The wallet chosen from the list for this attempt, if any. */
  let chosen: RegistryWallet | undefined

  const pairing = Pairing.create<Connection>({
    createPairing: () => connector.pair(),
    state,
    now,
    ...(options.timers ? { timers: options.timers } : {}),
    onApproved(connection) {
      const linking = state.get().wcLinking
      const wallet = chosen ?? options.findWallet?.(connector.peer()?.name ?? '')
      if (linking) storage.setItem(RecentWallets.deepLinkKey, JSON.stringify(linking))
      if (wallet) {
        recent.set(RecentWallets.remember(storage, wallet))
        state.setRecentWallet(wallet)
      }
      state.connected()
      analytics.track({
        event: 'CONNECT_SUCCESS',
        properties: {
          method: linking ? 'mobile' : 'qrcode',
          name: connector.peer()?.name ?? 'WalletConnect',
        },
      })
      hooks.connected(connector, connection, false)
    },
    onError(error) {
      analytics.track({ event: 'CONNECT_ERROR', properties: { message: error.message } })
    },
  })

  connector.subscribe((event: Event) => {
    if (event.type === 'accountsChanged') hooks.accountsChanged(event.accounts)
    if (event.type === 'chainChanged') hooks.chainChanged(event.chainId)
    if (event.type === 'relay') hooks.relay(event.connected)
    if (event.type === 'disconnect') {
      pending.cancelAll()
      reset()
      hooks.disconnected(event.reason)
    }
  })

  /** SPEC §4 reset: disconnected; clears URI, expiry, linking, recent wallet and stored deep link. */
  function reset() {
    pairing.stop()
    connector.cancelPairing()
    chosen = undefined
    storage.removeItem(RecentWallets.deepLinkKey)
    state.reset()
  }

  return {
    state,
    recent,
    pending,
    selected,
    /** Shows a pairing URI (QR view); a fresh one replaces it 10 s before it expires. */
    start(wallet?: RegistryWallet): Promise<void> {
      chosen = wallet
      state.setLinking(undefined)
      return pairing.start()
    },
    /** Starts loading sign-client before the user asks for a QR code. */
    preload: () => connector.preload(),
    /** The view showing the URI was left: stop replacing it. */
    stop() {
      pairing.stop()
      connector.cancelPairing()
      if (state.get().status === 'connecting') state.reset()
    },
    /** The user opens `wallet`'s app with the current URI; returns the link to navigate to. */
    openWallet(wallet: RegistryWallet): string | undefined {
      const uri = state.get().wcUri
      if (!uri || ConnectionState.isPairingExpired(state.get(), now())) return undefined
      const href = DeepLinks.forWallet(wallet, uri)
      if (!href) return undefined
      chosen = wallet
      state.setLinking({ name: wallet.name, href })
      analytics.track({ event: 'SELECT_WALLET', properties: { name: wallet.name, platform: 'mobile' } })
      return href
    },
    /** The wallet app opened by link at connect time (SPEC §3 deep-link choice), for requests. */
    walletLink(): ConnectionState.WcLinking | undefined {
      try {
        const stored = JSON.parse(
          storage.getItem(RecentWallets.deepLinkKey) ?? 'null',
        ) as ConnectionState.WcLinking | null
        return stored ? { name: stored.name, href: DeepLinks.forRequest(stored.href) } : undefined
      } catch {
        // Not written by this frame: no link to offer, the user opens the wallet by hand.
        return undefined
      }
    },
    /** The session stored in the frame origin, restored without asking the user. */
    async restore(): Promise<Connection | undefined> {
      const connection = await connector.reconnect()
      if (!connection) return undefined
      state.connected()
      hooks.connected(connector, connection, true)
      return connection
    },
    /** A host call to the wallet, listed as pending until the wallet answers or the user cancels. */
    request(method: string, params: unknown): Promise<unknown> {
      return pending.run(method, () => connector.request(method, params))
    },
    async disconnect() {
      pending.cancelAll()
      reset()
      await connector.disconnect()
    },
  }
}
export type Flow = ReturnType<typeof create>
