// Tracking events the frame emits (CONNECT_SUCCESS, swap / approval / fetch errors, …).
// Listeners decide where they go: the app sends them to the operator's API (data/analyticsSender.ts)
// unless the host turned analytics off; with none, events are dropped — analytics is optional.
import type { TrackedEvent } from '@walletframe/protocol'
import type * as Connection from './connection.js'
import type * as Modal from './modal.js'

export type TrackEvent = TrackedEvent

export type Listener = (event: TrackEvent & { readonly timestamp: number }) => void

export function create(now: () => number = Date.now) {
  const listeners = new Set<Listener>()
  return {
    track(event: TrackEvent) {
      for (const listener of listeners) {
        // A broken listener must not break the connect flow that reported the event.
        try {
          listener({ ...event, timestamp: now() })
        } catch (error) {
          console.error('[walletframe] analytics listener failed', error)
        }
      }
    },
    subscribe(listener: Listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
  }
}
export type Analytics = ReturnType<typeof create>

/** MODAL_OPEN and MODAL_CLOSE as the modal opens and closes, with whether an account is connected. */
export function trackModal(core: {
  modal: Modal.ModalStore
  connection: Connection.ConnectionStore
  analytics: Analytics
}): () => void {
  return core.modal.subscribe((next, previous) => {
    if (next.open === previous.open) return
    core.analytics.track({
      event: next.open ? 'MODAL_OPEN' : 'MODAL_CLOSE',
      properties: { connected: core.connection.get().status === 'connected' },
    })
  })
}
