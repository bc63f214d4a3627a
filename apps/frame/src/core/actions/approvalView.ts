// The embedded wallet's confirmations on screen: each request the frame approves itself (`inFrame`
// in core `pending`) is an ApproveTransaction action on the view stack's transaction stack. The
// first one opens the modal when it is closed (or goes over the open view); as each is answered its
// action ends, and after the last the modal is back where it was. Closing the modal or leaving the
// view rejects what still waits, as a wallet app's Reject would.
import type { PendingRequest } from '../../connectors/Connector.js'
import type { Core } from '../Core.js'
import * as TransactionStack from '../transactionStack.js'
import * as ViewStack from '../viewStack.js'
import * as Navigation from './navigation.js'

export const view = 'ApproveTransaction'

export type Deps = Pick<Core, 'pending' | 'modal' | 'connection' | 'networks' | 'isMobile'>

const inFrame = (list: readonly PendingRequest[]) => list.filter((request) => request.inFrame)

const isConnected = (core: Pick<Core, 'connection'>) => core.connection.get().status === 'connected'

/** Rejects every approval still waiting (EIP-1193 4001 to its caller). */
export function rejectAll(core: Pick<Core, 'pending' | 'connection'>): void {
  const connector = core.connection.connector()
  for (const request of inFrame(core.pending.get())) connector?.cancelRequest?.(request.id)
}

export function watch(core: Deps): () => void {
  /** Set while this module moves the stack itself, so that its own moves are not read as the user's. */
  let moving = false

  const stopPending = core.pending.subscribe((all, before) => {
    const next = inFrame(all)
    const previous = inFrame(before)
    const added = next.filter((request) => !previous.some((old) => old.id === request.id))
    const ended = previous.filter((request) => !next.some((now) => now.id === request.id))
    if (added.length === 0 && ended.length === 0) return
    moving = true
    try {
      if (added.length > 0 && !core.modal.get().open) Navigation.open(core, view)
      let stack = core.modal.get().stack
      for (const request of added)
        stack = TransactionStack.pushTransaction(stack, { id: request.id, view, success: { type: 'back' } })
      let close = false
      for (const request of ended) {
        // An answered request ends its action; the user's Approve or Reject both go on from here.
        const result = TransactionStack.popTransaction(
          stack,
          'success',
          { isConnected: isConnected(core) },
          request.id,
        )
        stack = result.stack
        close ||= result.effects.some((effect) => effect.type === 'close')
      }
      if (close) Navigation.close(core)
      else core.modal.setStack(stack)
    } finally {
      moving = false
    }
  })

  const stopModal = core.modal.subscribe((state) => {
    if (moving || inFrame(core.pending.get()).length === 0) return
    if (!state.open || ViewStack.current(state.stack) !== view) rejectAll(core)
  })

  return () => {
    stopPending()
    stopModal()
  }
}
