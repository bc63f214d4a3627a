// A bounded in-process cache with per-entry expiry; least recently used entries go first. The
// balance (30 s) and identity (5 min) caches live here rather than in the database: they are
// cheap to rebuild, so each stateless process keeps its own and nothing durable is lost.

export type TtlCache<V> = {
  get(key: string): V | undefined
  set(key: string, value: V): void
  delete(key: string): void
  readonly size: number
}

export function create<V>(options: { ttlMs: number; maxEntries: number; now?: () => number }): TtlCache<V> {
  const { ttlMs, maxEntries, now = Date.now } = options
  // A Map iterates in insertion order: re-inserting on read makes the first key the least recent.
  const entries = new Map<string, { value: V; expiresAt: number }>()
  return {
    get(key) {
      const entry = entries.get(key)
      if (!entry) return undefined
      if (entry.expiresAt <= now()) {
        entries.delete(key)
        return undefined
      }
      entries.delete(key)
      entries.set(key, entry)
      return entry.value
    },
    set(key, value) {
      if (ttlMs <= 0) return
      entries.delete(key)
      entries.set(key, { value, expiresAt: now() + ttlMs })
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value
        if (oldest === undefined) break
        entries.delete(oldest)
      }
    },
    delete(key) {
      entries.delete(key)
    },
    get size() {
      return entries.size
    },
  }
}
