// Connecting: asking a connector for a connection, applying a connection however it arrived
// (asked for, scanned from a QR code, restored after a reload), and following the connector's
// events while it is the active one. Works on the Connector contract alone.
import { type CaipNetworkId, messages } from '@walletframe/protocol'
import type { Connection, Connector, Event } from '../../connectors/Connector.js'
import { messageOf, rpcCode } from '../../lib/errors.js'
import * as Store from '../../lib/store.js'
import { readJson } from '../../storage/Storage.js'
import type { Core } from '../Core.js'
import * as ConnectionStore from '../connection.js'
import * as Networks from '../networks.js'
import * as Disconnect from './disconnect.js'
import * as Navigation from './navigation.js'
import * as SignInGate from './signInGate.js'

/** What is stored to rebuild the connector after a reload (non-secret; the app knows how). */
export type Choice = { readonly id: string; readonly data?: unknown }

export type Deps = Pick<
  Core,
  | 'modal'
  | 'connection'
  | 'networks'
  | 'toasts'
  | 'notification'
  | 'pending'
  | 'analytics'
  | 'storage'
  | 'isMobile'
  | 'siwx'
>

/** Makes `network` the active one when the host uses it; else the wallet is on an unsupported network. */
export function applyNetwork(core: Pick<Core, 'networks' | 'storage'>, network: CaipNetworkId): void {
  const known = core.networks.find(network)
  if (known) {
    core.networks.set((state) => ({ ...state, active: known, unsupported: undefined }))
    core.storage.setItem(Networks.storageKey, known.caipNetworkId)
  } else core.networks.set((state) => ({ ...state, unsupported: network }))
}

/**
 * A connector produced `connection`: it becomes the active connection. One batch: the connection
 * and its network reach listeners together, so the host hears the connection on the network it
 * is on (EIP-1193 `connect` names that chain), never on the one the frame was on before.
 */
export function attach(core: Deps, connector: Connector, connection: Connection, choice: Choice): void {
  Store.batch(() => {
    core.connection.attach(connector, connection.accounts)
    // The host's active network wins when the wallet has an account there (a WalletConnect session
    // spans chains); otherwise follow the wallet.
    const active = core.networks.get().active?.caipNetworkId
    const keep = active && connection.accounts.some((account) => account.startsWith(`${active}:`))
    if (!keep) applyNetwork(core, connection.network)
    core.storage.setItem(ConnectionStore.storageKey, JSON.stringify(choice))
    // The wallet signed in as it connected: stored at the API next (see actions/signIn.ts `adopt`).
    if (connection.signIn && core.siwx.get().config)
      core.siwx.set((state) => ({ ...state, signedAtConnect: connection.signIn }))
  })
}

/**
 * After a connection made in the modal: UnsupportedChain when the wallet is elsewhere, SIWXSignMessage
 * when the host wants a sign-in this account has not made, else close.
 */
function settle(core: Deps) {
  if (core.networks.get().unsupported !== undefined) Navigation.reset(core, 'UnsupportedChain')
  else if (!SignInGate.prompt(core)) Navigation.close(core)
}

/** Asks `connector` for a connection (a browser wallet's prompt). */
export async function connect(core: Deps, connector: Connector, choice: Choice): Promise<void> {
  core.connection.setStatus('connecting')
  try {
    const connection = await connector.connect()
    attach(core, connector, connection, choice)
    core.analytics.track({
      event: 'CONNECT_SUCCESS',
      properties: { method: 'browser', name: connector.name },
    })
    settle(core)
  } catch (error) {
    if (core.connection.connector() === undefined) core.connection.setStatus('disconnected')
    else core.connection.setStatus('connected')
    core.analytics.track({ event: 'CONNECT_ERROR', properties: { message: messageOf(error) } })
    core.toasts.error(
      rpcCode(error) === 4001 ? 'Connection declined' : `Could not connect: ${messageOf(error)}`,
    )
    core.modal.shake()
  }
}

/**
 * Follows a connector's events: a connection it makes on its own (a QR code approved in a wallet
 * app) becomes the active one; account, chain and disconnect events apply while it is active.
 */
export function follow(core: Deps, connector: Connector, choice: Choice): () => void {
  const isActive = () => core.connection.connector() === connector
  return connector.subscribe((event: Event) => {
    switch (event.type) {
      case 'connect':
        attach(core, connector, event.connection, choice)
        core.analytics.track({
          event: 'CONNECT_SUCCESS',
          properties: { method: event.method === 'mobile' ? 'mobile' : 'qrcode', name: event.walletName },
        })
        settle(core)
        return
      case 'accountsChanged':
        if (isActive() && event.accounts.length > 0) core.connection.setAccounts(event.accounts)
        return
      case 'chainChanged':
        if (isActive()) applyNetwork(core, event.network)
        return
      case 'disconnect':
        if (!isActive()) return
        if (event.reason === 'expired') core.toasts.error(messages.sessionExpired)
        void Disconnect.disconnect(core, { notifyConnector: false }).catch((error: Error) =>
          core.toasts.error(error.message),
        )
        return
      case 'pendingRequests':
        core.pending.set(event.requests)
        return
      case 'transport':
        // A banner, not a toast: it stays while the relay is away and goes when it is back.
        if (!event.connected && isActive())
          core.notification.show(`Lost the connection to ${event.via}. Reconnecting…`, 'warning')
        else if (event.connected) core.notification.hide()
        return
    }
  })
}

/** The stored connector choice, if any (written by `attach`). */
export function storedChoice(core: Pick<Core, 'storage'>): Choice | undefined {
  const stored = readJson(core.storage, ConnectionStore.storageKey) as Partial<Choice> | null | undefined
  return typeof stored?.id === 'string' ? (stored as Choice) : undefined
}

/** Restores the stored connection without asking the user; forgets a choice that no longer works. */
export async function restore(
  core: Deps,
  build: (choice: Choice) => Connector | undefined | Promise<Connector | undefined>,
): Promise<void> {
  const choice = storedChoice(core)
  if (!choice) return
  try {
    const connector = await build(choice)
    const connection = await connector?.reconnect()
    if (connector && connection) attach(core, connector, connection, choice)
    else core.storage.removeItem(ConnectionStore.storageKey)
  } catch {
    // The wallet is gone from this page (uninstalled, another browser profile): start fresh.
    core.storage.removeItem(ConnectionStore.storageKey)
  }
}
