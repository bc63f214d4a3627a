// A queue of requests the user answers in one view of the modal (ApproveTransaction for the embedded
// wallet, ReviewRequest before a browser wallet or WalletConnect): each waiting request is an action
// on the view stack's transaction stack. The first one opens the modal when it is closed (or goes
// over the open view); as each is answered its action ends, and after the last the modal is back
// where it was. Closing the modal or leaving the view rejects what still waits, as a wallet app's
// Reject would.
import type { ViewName } from '@walletframe/protocol'
import type { ReadableStore } from '../../lib/store.js'
import type { Core } from '../Core.js'
import * as TransactionStack from '../transactionStack.js'
import * as ViewStack from '../viewStack.js'
import * as Navigation from './navigation.js'

export type Deps = Pick<Core, 'modal' | 'connection' | 'networks' | 'isMobile'>

export type Queue = {
  /** The view that shows the first waiting request. */
  readonly view: ViewName
  /** The requests waiting, by id (a store's list, filtered to the ones this view answers). */
  readonly waiting: ReadableStore<readonly { readonly id: number }[]>
  /** Rejects everything still waiting (EIP-1193 4001 to each caller). */
  rejectAll(): void
}

const isConnected = (core: Pick<Core, 'connection'>) => core.connection.get().status === 'connected'

export function watch(core: Deps, queue: Queue): () => void {
  const { view } = queue
  /** Set while this module moves the stack itself, so that its own moves are not read as the user's. */
  let moving = false

  const stopWaiting = queue.waiting.subscribe((next, previous) => {
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
        // An answered request ends its action; the user's answer, whichever, goes on from here.
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
    if (moving || queue.waiting.get().length === 0) return
    if (!state.open || ViewStack.current(state.stack) !== view) queue.rejectAll()
  })

  return () => {
    stopWaiting()
    stopModal()
  }
}
