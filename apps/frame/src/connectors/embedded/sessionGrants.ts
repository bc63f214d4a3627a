// The smart-session grants this frame made, each bound to the dapp origin that asked for it, kept in
// the frame's memory only, like the session keys in the Worker: a reload of the frame ends its side
// of every grant (the account keeps the grant on chain until it expires or is revoked). In the
// blocked storage regime nothing outlives the page anyway; keeping the other regimes the same means
// a session key is never written anywhere.

import type { ChainNetwork, RequestedPermission } from '@walletframe/protocol'
import { UnauthorizedError } from '@walletframe/protocol'
import type { Address, Hex } from 'viem'
import * as Store from '../../lib/store.js'

export type Grant = {
  /** The grant's id on chain, and the permissionsContext the dapp names it by. */
  readonly id: Hex
  /** The dapp origin that asked; no other origin may use or revoke it. */
  readonly origin: string
  readonly network: ChainNetwork
  readonly account: Address
  /** The session key's address (the key stays in the Worker). */
  readonly key: Address
  readonly validAfter: number
  /** Unix seconds. */
  readonly validUntil: number
  /** Seconds a spend period lasts; 0: the limits hold for the whole grant. */
  readonly period: number
  readonly calls: readonly { readonly target: Address; readonly selector: Hex }[]
  readonly limits: readonly { readonly token: Address; readonly allowance: bigint }[]
  readonly permissions: readonly RequestedPermission[]
  readonly revoked: boolean
}

/** The same answer for an unknown id and another origin's, so a grant's existence does not leak. */
export class GrantNotFoundError extends UnauthorizedError {
  override name = 'GrantNotFoundError'
  constructor() {
    super('No active permission with this permissionsContext for this site')
  }
}

export function create() {
  const store = Store.create<readonly Grant[]>([])
  return {
    /** Every grant made from this frame, newest first; what the Account view lists. */
    store: store as Store.ReadableStore<readonly Grant[]>,
    add(grant: Grant): void {
      store.set((list) => [grant, ...list])
    },
    /** The grant `id` of `origin` (undefined origin: the user, from the Account view, may reach any). */
    get(id: string, origin: string | undefined): Grant {
      const found = store.get().find((grant) => grant.id.toLowerCase() === id.toLowerCase())
      if (!found || (origin !== undefined && found.origin !== origin)) throw new GrantNotFoundError()
      return found
    },
    markRevoked(id: Hex): void {
      store.set((list) => list.map((grant) => (grant.id === id ? { ...grant, revoked: true } : grant)))
    },
    /** Signing out forgets them, as the Worker forgets their keys. */
    clear(): void {
      store.set([])
    },
  }
}
export type SessionGrants = ReturnType<typeof create>
