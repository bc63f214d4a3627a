// Whether an instance's modal is open, for useSyncExternalStore. The core instance reports the modal
// by event only (a getter would cost its byte budget), so the first hook to see an instance starts
// following it; the modal is closed when an instance starts, and stays so until open() is called.
import type { Walletframe } from '../../createWalletframe.js'

type Modal = { open: boolean; listeners: Set<() => void> }

const modals = new WeakMap<Walletframe, Modal>()

function follow(instance: Walletframe): Modal {
  let modal = modals.get(instance)
  if (!modal) {
    const created: Modal = { open: false, listeners: new Set() }
    instance.subscribeModal((open) => {
      created.open = open
      for (const listener of [...created.listeners]) listener()
    })
    modals.set(instance, created)
    modal = created
  }
  return modal
}

export function isOpen(instance: Walletframe): boolean {
  return follow(instance).open
}

export function subscribe(instance: Walletframe, listener: () => void): () => void {
  const { listeners } = follow(instance)
  listeners.add(listener)
  return () => listeners.delete(listener)
}
