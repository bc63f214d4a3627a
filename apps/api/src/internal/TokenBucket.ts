// Rate limits kept in this process: a token bucket per key (GCRA, limits/gcra.ts). Exact when one
// process serves the database, which is PGlite's case; API processes that share a PostgreSQL server
// keep their limits there or in Redis instead (limits/postgres.ts, limits/redis.ts).
import * as Gcra from '../limits/gcra.js'
import type { LimitStore } from '../limits/LimitStore.js'

// Deps.ts types Deps.limits with this name.
export type { Limiter } from '../limits/LimitStore.js'

export function create(
  options: {
    /** Keys remembered at most; the least recently seen are forgotten (they start full again). */
    maxKeys?: number
    now?: () => number
  } = {},
): LimitStore {
  const { maxKeys = 100_000, now = Date.now } = options
  const tats = new Map<string, number>()
  return {
    async take(key, rule) {
      const t = now()
      const result = Gcra.take(tats.get(key) ?? 0, t, rule, 1)
      // Re-inserting keeps the Map in least-recently-seen order.
      tats.delete(key)
      tats.set(key, result.tatMs)
      if (tats.size > maxKeys) tats.delete(tats.keys().next().value!)
      return result.granted === 1 ? 0 : Gcra.retryAfter(result.waitSeconds)
    },
    async close() {},
  }
}
