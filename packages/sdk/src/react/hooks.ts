// The hooks: what the frame reports (account state, network, sign-in session), the modal, and the
// instance itself for its actions. Each reads through useSyncExternalStore with a server snapshot.

import type { NetworkState, SiwxSession, ViewName } from '@walletframe/protocol'
import { useContext } from 'react'
import type { State, Walletframe } from '../createWalletframe.js'
import { WalletframeContext } from './context.js'
import * as Modal from './internal/modal.js'
import { useInstanceStore } from './internal/useInstanceStore.js'

/** What `getState()` of a new instance returns: the server snapshot of useWalletframeState. */
export const initialState: State = Object.freeze({
  status: 'disconnected',
  isConnected: false,
  allAccounts: [],
  ready: false,
  error: undefined,
}) as State

/** The instance in context (for its actions: switchNetwork, disconnect, setThemeMode, provider…); undefined on the server. */
export function useWalletframe(): Walletframe | undefined {
  return useContext(WalletframeContext)
}

/** The account state the frame reports, plus `ready` and `error`. */
export function useWalletframeState(): State {
  return useInstanceStore(
    (instance, onChange) => instance.subscribeState(onChange),
    (instance) => instance.getState(),
    initialState,
  )
}

/** The active network the frame reports; undefined until it has initialised (and on the server). */
export function useWalletframeNetwork(): NetworkState | undefined {
  return useInstanceStore(
    (instance, onChange) => instance.subscribeNetwork(onChange),
    (instance) => instance.getNetwork(),
    undefined,
  )
}

/** The sign-in session for the host's backend: null when none, undefined until the frame said. */
export function useWalletframeSiwx(): SiwxSession | null | undefined {
  return useInstanceStore(
    (instance, onChange) => instance.subscribeSiwx(onChange),
    (instance) => instance.getSiwxSession(),
    undefined,
  )
}

export type ModalControls = {
  isOpen: boolean
  /** Opens the modal (a view, or the one the open rules pick). Rejects on the server: no frame there. */
  open(options?: { view?: ViewName }): Promise<void>
  close(): Promise<void>
}

/** Whether the modal is open, and open / close. */
export function useWalletframeModal(): ModalControls {
  const instance = useContext(WalletframeContext)
  const isOpen = useInstanceStore(Modal.subscribe, Modal.isOpen, false)
  return {
    isOpen,
    open: (options) => (instance ? instance.open(options) : notMounted()),
    close: () => (instance ? instance.close() : notMounted()),
  }
}

function notMounted(): Promise<never> {
  return Promise.reject(new NotMountedError())
}

/** A modal call before the provider has an instance (on the server, or before mount). */
export class NotMountedError extends Error {
  readonly code = 'WALLETFRAME_NOT_MOUNTED'
  override readonly name = 'NotMountedError'
  constructor() {
    super(
      'Walletframe is not mounted yet: call open() and close() in the browser, after the provider mounted',
    )
  }
}
