// Project lookups for the request path, cached a few seconds per process: every call carries a
// projectId, and a project created by the CLI in another process shows up within that time.
import type { Db } from './db/Database.js'
import * as Projects from './db/projects.js'
import * as TtlCache from './internal/TtlCache.js'

export type ProjectStore = {
  get(id: string): Promise<Projects.Project | undefined>
  /** Drop a cached entry (after a write in this process). */
  forget(id: string): void
}

export function create(db: Db, options: { ttlMs?: number } = {}): ProjectStore {
  // Unknown ids are cached too (as null) so a flood of bad ids costs one query per id per TTL.
  const cache = TtlCache.create<Projects.Project | null>({
    ttlMs: options.ttlMs ?? 5_000,
    maxEntries: 10_000,
  })
  const inflight = new Map<string, Promise<Projects.Project | undefined>>()
  return {
    async get(id) {
      const cached = cache.get(id)
      if (cached !== undefined) return cached ?? undefined
      let pending = inflight.get(id)
      if (!pending) {
        pending = Projects.find(db, id).finally(() => inflight.delete(id))
        inflight.set(id, pending)
      }
      const row = await pending
      cache.set(id, row ?? null)
      return row
    },
    forget(id) {
      cache.delete(id)
    },
  }
}
