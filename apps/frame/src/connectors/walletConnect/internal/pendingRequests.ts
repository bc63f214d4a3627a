// Requests waiting for the connected wallet's answer, for the "Waiting for wallet…" view: which
// method, since when, and a cancel that rejects the host's request with 4001 at once. The wallet
// may still show its prompt; its late answer is dropped.
import { UserRejectedRequestError } from '@walletframe/protocol'
import * as Store from '../../../lib/store.js'

export type PendingRequest = { readonly id: number; readonly method: string; readonly since: number }

export function create(now: () => number = Date.now) {
  const store = Store.create<readonly PendingRequest[]>([])
  const cancels = new Map<number, () => void>()
  let nextId = 1

  /** Runs `send` while listing it as pending; `cancel(id)` rejects the returned promise with 4001. */
  function run<T>(method: string, send: () => Promise<T>): Promise<T> {
    const id = nextId++
    store.set((list) => [...list, { id, method, since: now() }])
    const done = () => {
      cancels.delete(id)
      store.set((list) => list.filter((item) => item.id !== id))
    }
    return new Promise<T>((resolve, reject) => {
      cancels.set(id, () => {
        done()
        reject(new UserRejectedRequestError('The request was cancelled in the wallet window.'))
      })
      send().then(
        (value) => {
          if (!cancels.has(id)) return
          done()
          resolve(value)
        },
        (error: unknown) => {
          if (!cancels.has(id)) return
          done()
          reject(error)
        },
      )
    })
  }

  return {
    ...store,
    run,
    cancel(id: number) {
      cancels.get(id)?.()
    },
    cancelAll() {
      for (const cancel of [...cancels.values()]) cancel()
    },
  }
}
export type PendingRequestsStore = ReturnType<typeof create>
