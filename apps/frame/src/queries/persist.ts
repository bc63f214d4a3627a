// Query caches survive a reload where the frame has storage of its own (README.md, "Storage
// regimes": the portfolio, native balance, identity…), through TanStack's persister. Only queries that
// opt in (`meta.persist`) are written; each keeps its own staleTime, so a restored balance older
// than 30 s is refetched when a view reads it.
import { persistQueryClient } from '@tanstack/query-persist-client-core'
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister'
import type { QueryClient } from '@tanstack/react-query'
import type { Storage } from '../storage/Storage.js'

export const storageKey = 'walletframe:queries'
/** Nothing restored is older than a day, whatever its staleTime. */
export const maxAgeMs = 24 * 60 * 60_000

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** Written to storage, restored on the next load. */
      persist?: boolean
      /** What the user is told when a fetch of this query fails: a toast, and its tracking event. */
      failure?: { message: string; event: 'SWAP_ERROR' | 'SWAP_APPROVAL_ERROR' }
    }
  }
}

/** Restores the persisted queries into `queryClient` and keeps writing them; returns the stop function. */
export function persist(
  queryClient: QueryClient,
  storage: Storage,
  buster: string,
): { restored: Promise<void>; stop(): void } {
  const persister = createSyncStoragePersister({ storage, key: storageKey, throttleTime: 1_000 })
  const [stop, restored] = persistQueryClient({
    queryClient,
    persister,
    maxAge: maxAgeMs,
    buster,
    dehydrateOptions: {
      shouldDehydrateQuery: (query) => query.state.status === 'success' && query.meta?.persist === true,
    },
  })
  return { restored, stop }
}
