// The review before a browser wallet or WalletConnect signs, on screen: each request the review gate
// holds waits on ReviewRequest (queueView.ts shows such a queue); closing the modal or leaving the
// view rejects what still waits.
import type { ReviewGate } from '../reviewGate.js'
import * as QueueView from './queueView.js'

export const view = 'ReviewRequest'

export function watch(core: QueueView.Deps, gate: ReviewGate): () => void {
  return QueueView.watch(core, { view, waiting: gate, rejectAll: gate.rejectAll })
}
