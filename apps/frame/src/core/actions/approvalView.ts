// The embedded wallet's confirmations on screen: each request the frame approves itself (`inFrame`
// in core `pending`) waits on ApproveTransaction, as queueView.ts has such a queue shown; closing the
// modal or leaving the view rejects what still waits, as a wallet app's Reject would.
import type { PendingRequest } from '../../connectors/Connector.js'
import type { ReadableStore } from '../../lib/store.js'
import type { Core } from '../Core.js'
import * as QueueView from './queueView.js'

export const view = 'ApproveTransaction'

export type Deps = QueueView.Deps & Pick<Core, 'pending'>

const inFrame = (list: readonly PendingRequest[]) => list.filter((request) => request.inFrame)

/** Rejects every approval still waiting (EIP-1193 4001 to its caller). */
export function rejectAll(core: Pick<Core, 'pending' | 'connection'>): void {
  const connector = core.connection.connector()
  for (const request of inFrame(core.pending.get())) connector?.cancelRequest?.(request.id)
}

export function watch(core: Deps): () => void {
  const waiting: ReadableStore<readonly PendingRequest[]> = {
    get: () => inFrame(core.pending.get()),
    subscribe: (listener) =>
      core.pending.subscribe((next, previous) => listener(inFrame(next), inFrame(previous))),
  }
  return QueueView.watch(core, { view, waiting, rejectAll: () => rejectAll(core) })
}
