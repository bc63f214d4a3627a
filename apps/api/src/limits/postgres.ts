// Rate limits shared by every API process through their PostgreSQL server: one upsert per take on
// the `rate_limits` row of the key (GCRA, see gcra.ts), atomic under the row's lock, so N processes
// admit what one bucket allows. The table is UNLOGGED (no WAL, no flush at commit): a server crash
// only refills the buckets. Rows whose bucket is full again are swept once a minute.
import { sql } from 'drizzle-orm'
import type { Db } from '../db/Database.js'
import { rateLimits } from '../db/schema.js'
import type { Grant, Rule } from './gcra.js'
import * as LimitStore from './LimitStore.js'

export declare namespace create {
  type Options = {
    /** How often rows of full buckets are deleted. */
    sweepIntervalMs?: number
    log?: (message: string) => void
  }
}

export function create(db: Db, options: create.Options = {}): LimitStore.LimitStore {
  const { sweepIntervalMs = 60_000, log = (message) => console.error(`[api] ${message}`) } = options
  const sweep = setInterval(() => {
    // A row whose tat has passed says "full", exactly what a missing row says.
    db.execute(sql`delete from rate_limits where tat < now()`).catch((error: unknown) =>
      log(`rate limits: sweep failed: ${(error as Error).message}`),
    )
  }, sweepIntervalMs)
  // The sweep is housekeeping; it must not keep a process alive that has nothing else to do.
  sweep.unref()
  return LimitStore.shared({
    take: (key, rule, count) => take(db, key, rule, count),
    async close() {
      clearInterval(sweep)
    },
  })
}

/** `count` takes of `key` in one statement: the tokens granted and the wait for the next one. */
export async function take(db: Db, key: string, rule: Rule, count: number): Promise<Grant> {
  let statement = statements.get(db)
  if (!statement) {
    statement = prepare(db)
    statements.set(db, statement)
  }
  const interval = 1 / rule.refillPerSecond
  const tolerance = rule.capacity * interval
  const [row] = await statement.execute({ key, count, capacity: rule.capacity, interval, tolerance })
  return { granted: row!.granted, waitSeconds: Math.max(0, Number(row!.ahead) + interval - tolerance) }
}

const statements = new WeakMap<Db, ReturnType<typeof prepare>>()

/**
 * The take as a named prepared statement (parsed and planned once per connection, which halves its
 * cost on the server). Intervals are in seconds. `ahead` is how far the stored tat lies in the future
 * (0 when the bucket is full), `fits` how many tokens the bucket holds now. SET sees the old row and
 * RETURNING the new one, hence the `granted` column: the answer travels in the row.
 */
function prepare(db: Db) {
  const p = sql.placeholder
  const ahead = sql`extract(epoch from greatest(${rateLimits.tat}, now()) - now())::float8`
  const fits = sql`floor((${p('tolerance')}::float8 - ${ahead}) / ${p('interval')}::float8 + 1e-9)`
  const granted = sql<number>`greatest(0, least(${p('count')}::int, ${fits}))::int`
  const first = sql<number>`least(${p('count')}::int, ${p('capacity')}::int)`
  return db
    .insert(rateLimits)
    .values({
      key: p('key'),
      tat: sql`now() + make_interval(secs => ${p('interval')}::float8 * ${first})`,
      granted: first,
    })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        granted,
        tat: sql`greatest(${rateLimits.tat}, now()) + make_interval(secs => ${p('interval')}::float8 * ${granted})`,
      },
    })
    .returning({
      granted: rateLimits.granted,
      ahead: sql<number>`extract(epoch from ${rateLimits.tat} - now())::float8`,
    })
    .prepare('walletframe_rate_limit_take')
}
