// Requests for a browser wallet or WalletConnect that wait for the user to read their review before
// they reach the wallet (the ReviewRequest view): Continue lets one go, Reject answers its caller 4001,
// and one the review blocked never goes — its caller gets 4001 "Action not allowed", however it ends.
// The embedded wallet shows the review in its own approval instead (connectors/embedded/approvals.ts).
import { messages, UserRejectedRequestError } from '@walletframe/protocol'
import * as Store from '../lib/store.js'
import type { Waiting } from './review.js'

export function create() {
  const store = Store.create<readonly Waiting[]>([])
  const answers = new Map<number, { proceed(): void; refuse(): void; blocked?: true }>()
  let nextId = 1

  return {
    get: store.get,
    subscribe: store.subscribe,
    /** Lists `request` until the user answers: resolves on Continue, rejects with 4001 otherwise. */
    ask(request: Omit<Waiting, 'id'>): Promise<void> {
      const id = nextId++
      const answered = new Promise<void>((resolve, reject) => {
        const refuse = () =>
          reject(
            new UserRejectedRequestError(
              answers.get(id)?.blocked ? messages.actionNotAllowed : messages.userRejected,
            ),
          )
        answers.set(id, { proceed: () => (answers.get(id)?.blocked ? refuse() : resolve()), refuse })
      })
      store.set((list) => [...list, { ...request, id }])
      const done = () => {
        answers.delete(id)
        store.set((list) => list.filter((item) => item.id !== id))
      }
      answered.then(done, done)
      return answered
    },
    /** Continue: the request goes to the wallet (unless the review blocked it). */
    proceed(id: number) {
      answers.get(id)?.proceed()
    },
    reject(id: number) {
      answers.get(id)?.refuse()
    },
    /** The review blocked request `id`: nothing lets it go, and it ends with 4001 "Action not allowed". */
    block(id: number) {
      const answer = answers.get(id)
      if (answer) answer.blocked = true
    },
    /** The modal closed or the view was left: everything still waiting is rejected. */
    rejectAll() {
      for (const answer of [...answers.values()]) answer.refuse()
    },
  }
}
export type ReviewGate = ReturnType<typeof create>
