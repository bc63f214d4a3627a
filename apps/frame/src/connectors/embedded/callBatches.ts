// The embedded wallet's EIP-5792 batch ids and what each stands for, kept in this frame's memory
// only: a smart account's batch is its UserOperation, an EOA's the transactions of its calls. A
// reload of the frame forgets them (its status then answers 5730, unknown bundle id), which the
// storage regimes allow: in the blocked regime nothing outlives the page anyway, and a batch's
// effects stay on chain, where the dapp can read them by transaction hash.
import type { ChainNetwork } from '@walletframe/protocol'
import type { Hex } from 'viem'

export type Batch =
  /** A smart account's batch: one UserOperation, its calls atomic. */
  | { readonly kind: 'userOperation'; readonly network: ChainNetwork; readonly userOpHash: Hex }
  /** An EOA's batch: the transactions sent, in call order, and how many calls were never sent. */
  | {
      readonly kind: 'transactions'
      readonly network: ChainNetwork
      readonly hashes: readonly Hex[]
      readonly unsent: number
    }

export function create() {
  /** An id taken by a batch, or reserved by one the user is still asked about (undefined). */
  const batches = new Map<string, Batch | undefined>()
  return {
    /** Takes `id` for a batch about to be asked for; false when it is taken already (5720). */
    reserve(id: string): boolean {
      if (batches.has(id)) return false
      batches.set(id, undefined)
      return true
    },
    /** Gives `id` back: its batch was refused or never sent. */
    release(id: string): void {
      if (batches.get(id) === undefined) batches.delete(id)
    },
    /** Records what `id` stands for once it was sent. */
    settle(id: string, batch: Batch): void {
      batches.set(id, batch)
    },
    get(id: string): Batch | undefined {
      return batches.get(id)
    },
    /** Signing out forgets them: the next user of this page has no business with the last one's batches. */
    clear(): void {
      batches.clear()
    },
  }
}
export type CallBatches = ReturnType<typeof create>
