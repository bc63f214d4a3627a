// Which process indexes a chain. API processes sharing a PostgreSQL server each run the indexer loop,
// but only the holder of the chain's row in `indexer_leases` indexes it; the others follow the cursor
// it moves. The holder renews the row every round; another process takes it over once it has expired
// (the holder was killed, or hangs) or is gone (the holder stopped and released it).
//
// A lease row rather than a session-level advisory lock: it needs no connection held for the life
// of the process (so it also works behind a transaction-pooling proxy such as PgBouncer), a holder
// whose loop hangs loses it as surely as one that dies, and the expiry is the server's clock only.
// The price is a bounded takeover time (leaseMs) instead of an immediate one. Correctness does not
// rest on the lease: Store.append writes only on top of the cursor it read (store.ts), so two writers
// at once still store every block once; the lease keeps the others from doing the work twice.
import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/Database.js'
import { indexerLeases } from '../db/schema.js'

export type Lease = {
  /** Who this process is in `indexer_leases`: host:pid:random. */
  holder: string
  /** Takes or renews the chain's lease; true while this process holds it. */
  acquire(chainId: string): Promise<boolean>
  /** Gives the chain up (stop, or a failed round) so another process can take it at once. */
  release(chainId: string): Promise<void>
}

export function holderId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`
}

/** The lease row on a database that several processes share. */
export function shared(params: { db: Db; ttlMs: number; holder?: string }): Lease {
  const { db, ttlMs, holder = holderId() } = params
  return {
    holder,
    async acquire(chainId) {
      // Insert, renew our own row, or take over an expired one; any other holder's row stays, and then
      // nothing is returned. One statement, atomic under the row's lock.
      const rows = await db
        .insert(indexerLeases)
        .values({ chainId, holder, expiresAt: sql`now() + make_interval(secs => ${ttlMs / 1000}::float8)` })
        .onConflictDoUpdate({
          target: indexerLeases.chainId,
          set: { holder, expiresAt: sql`excluded.expires_at` },
          setWhere: sql`${indexerLeases.holder} = ${holder} or ${indexerLeases.expiresAt} < now()`,
        })
        .returning({ holder: indexerLeases.holder })
      return rows.length > 0
    },
    async release(chainId) {
      await db
        .delete(indexerLeases)
        .where(and(eq(indexerLeases.chainId, chainId), eq(indexerLeases.holder, holder)))
    },
  }
}

/** PGlite: its data belongs to one process, which therefore always holds every chain. */
export function sole(holder = holderId()): Lease {
  return {
    holder,
    acquire: async () => true,
    release: async () => {},
  }
}
