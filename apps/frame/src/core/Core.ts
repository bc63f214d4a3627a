// The frame's state, one store per concern, created together. Actions (actions/) take the narrow
// pieces they need of this (`Pick<Core, …>`), so each is tested without the rest.
import type { PendingRequest } from '../connectors/Connector.js'
import * as Store from '../lib/store.js'
import type { Storage } from '../storage/Storage.js'
import * as Analytics from './analytics.js'
import * as Connection from './connection.js'
import * as HostSession from './hostSession.js'
import * as Locale from './locale.js'
import * as Modal from './modal.js'
import * as Networks from './networks.js'
import * as Notification from './notification.js'
import * as Pairing from './pairing.js'
import * as Send from './sendForm.js'
import * as Siwx from './siwx.js'
import * as Theme from './theme.js'
import * as Toast from './toast.js'

export type Core = {
  readonly modal: Modal.ModalStore
  readonly connection: Connection.ConnectionStore
  readonly networks: Networks.NetworksStore
  readonly toasts: Toast.ToastStore
  readonly notification: Notification.NotificationStore
  readonly theme: Theme.ThemeStore
  /** The language the frame speaks and its first-paint messages. */
  readonly locale: Locale.LocaleStore
  /** The host this frame serves, once a handshake has succeeded. */
  readonly hostSession: HostSession.HostSessionStore
  /** Sign-in sessions and whether the host asks for one. */
  readonly siwx: Siwx.SiwxStore
  /** The send form. */
  readonly send: Send.SendStore
  /** The QR / deep-link pairing: offered or not, and the pairing once loaded. */
  readonly pairing: Pairing.PairingStore
  /** Calls waiting for the wallet app's answer (the WalletRequest view). */
  readonly pending: Store.Store<readonly PendingRequest[]>
  readonly analytics: Analytics.Analytics
  /** Non-secret state that should survive a reload (see storage/). */
  readonly storage: Storage
  /** A phone-sized screen or a mobile browser (one of the open rules, docs/view-stack.md). */
  readonly isMobile: () => boolean
}

export function create(options: { storage: Storage; isMobile: () => boolean }): Core {
  return {
    modal: Modal.create(),
    connection: Connection.create(),
    networks: Networks.create(),
    toasts: Toast.create(),
    notification: Notification.create(),
    theme: Theme.create(),
    locale: Locale.create(),
    hostSession: HostSession.create(),
    send: Send.create(),
    siwx: Siwx.create(),
    pairing: Pairing.create(),
    pending: Store.create<readonly PendingRequest[]>([]),
    analytics: Analytics.create(),
    storage: options.storage,
    isMobile: options.isMobile,
  }
}
