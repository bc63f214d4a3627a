// The embedded wallet's confirmations: a wallet app asks its user before it signs, and here the
// frame is the wallet, so every not-safe call (signing, sending) waits in this queue until the user
// approves it (the Worker signs) or rejects it (EIP-1193 4001). The list is what the
// ApproveTransaction view shows, first in first out. A request the review blocked can no longer be
// approved, however it ends: its caller gets 4001 "Action not allowed".
import { messages, UserRejectedRequestError } from '@walletframe/protocol'
import * as Store from '../../lib/store.js'
import type { PendingRequest, Request } from '../Connector.js'

/** Signing and sending calls: the user confirms each one. Reads and account queries go straight through. */
export const notSafeMethods: ReadonlySet<string> = new Set([
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_sendCalls',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAndSendTransaction',
])

export function needsApproval(method: string): boolean {
  return notSafeMethods.has(method)
}

export function create(now: () => number = Date.now) {
  const store = Store.create<readonly PendingRequest[]>([])
  const answers = new Map<number, { approve(): void; reject(): void; blocked?: true }>()
  let nextId = 1

  /** Lists `request` and runs `sign` once the user approves it; rejects with 4001 when they do not. */
  function run<T>(request: Request, sign: () => Promise<T>): Promise<T> {
    const id = nextId++
    const approved = new Promise<void>((resolve, reject) => {
      const refuse = () =>
        reject(
          new UserRejectedRequestError(
            answers.get(id)?.blocked ? messages.actionNotAllowed : messages.userRejected,
          ),
        )
      answers.set(id, {
        // The review's block outlasts the view that read it: nothing approves a blocked request.
        approve: () => (answers.get(id)?.blocked ? refuse() : resolve()),
        reject: refuse,
      })
    })
    store.set((list) => [
      ...list,
      {
        id,
        method: request.method,
        since: now(),
        inFrame: true,
        params: request.params,
        network: request.network,
        ...(request.sponsored ? { sponsored: true } : {}),
      },
    ])
    // The entry leaves the list as soon as the user answers: signing and sending take their own time.
    const answered = () => {
      answers.delete(id)
      store.set((list) => list.filter((item) => item.id !== id))
    }
    return approved.then(
      () => {
        answered()
        return sign()
      },
      (error: unknown) => {
        answered()
        throw error
      },
    )
  }

  return {
    get: store.get,
    subscribe: store.subscribe,
    run,
    approve(id: number) {
      answers.get(id)?.approve()
    },
    reject(id: number) {
      answers.get(id)?.reject()
    },
    /** The review blocked request `id`: it waits until the user dismisses it, and then gets 4001 "Action not allowed". */
    block(id: number) {
      const answer = answers.get(id)
      if (answer) answer.blocked = true
    },
    /** Signing out or losing the wallet rejects everything still waiting. */
    rejectAll() {
      for (const answer of [...answers.values()]) answer.reject()
    },
  }
}
export type Approvals = ReturnType<typeof create>
