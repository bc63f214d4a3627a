// The QR / deep-link pairing as views reach it: whether this frame offers it (WalletConnect is
// configured) and the pairing once loaded. It is not in the first bundle: it loads after the Connect
// view paints, or at once to restore a session. Views read this store; they never import a connector.
import type { Pairing } from '../connectors/walletConnect/WalletConnect.js'
import * as Store from '../lib/store.js'

export type { PendingRequest } from '../connectors/Connector.js'
export type {
  Pairing as PairingCapability,
  PairingState,
  WcLinking,
} from '../connectors/walletConnect/WalletConnect.js'

export type State = {
  /** This frame offers QR / deep-link pairing. */
  readonly offered: boolean
  /** The pairing once loaded. */
  readonly pairing: Pairing | undefined
}

export type PairingStore = Store.ReadableStore<State> & {
  /** Loads the pairing on first need; undefined when this frame offers none or no host has initialised. */
  load(): Promise<Pairing | undefined>
  /** Offers pairing, loaded by `load` (the one wiring point supplies it). */
  offer(load: () => Promise<Pairing | undefined>): void
  /** The pairing loaded, or undefined once dropped (another host project has its own). */
  loaded(pairing: Pairing | undefined): void
}

export function create(): PairingStore {
  const store = Store.create<State>({ offered: false, pairing: undefined })
  let loader: (() => Promise<Pairing | undefined>) | undefined
  return {
    get: store.get,
    subscribe: store.subscribe,
    load: () => loader?.() ?? Promise.resolve(undefined),
    offer(load) {
      loader = load
      store.set((state) => ({ ...state, offered: true }))
    },
    loaded(pairing) {
      store.set((state) => ({ ...state, pairing }))
    },
  }
}
