// On PGlite and, when reachable, on the PostgreSQL server, where three connection pools stand in for
// three API processes (see internal/testing.ts).
import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import * as Database from '../db/Database.js'
import { openServerSchema, serverLegAvailable, testDatabaseUrl } from '../internal/testing.js'
import * as PostgresLimits from './postgres.js'

type Leg = { name: string; open(): Promise<{ dbs: Database.Db[]; close(): Promise<void> }> }

const legs: Leg[] = [
  {
    name: 'pglite',
    async open() {
      const database = await Database.open()
      await database.migrate()
      return { dbs: [database.db], close: () => database.close() }
    },
  },
]
if (await serverLegAvailable()) {
  legs.push({
    name: 'postgres',
    async open() {
      const opened = await openServerSchema('limits')
      await opened.database.migrate()
      const others = await Promise.all(
        [1, 2].map(() => Database.open({ databaseUrl: testDatabaseUrl, schema: opened.schema })),
      )
      return {
        dbs: [opened.database.db, ...others.map((other) => other.db)],
        async close() {
          await Promise.all(others.map((other) => other.close()))
          await opened.drop()
        },
      }
    },
  })
}

const key = () => `test:${randomBytes(4).toString('hex')}`

describe.each(legs)('PostgreSQL limits on $name', (leg) => {
  let dbs: Database.Db[]
  let close: () => Promise<void>

  beforeAll(async () => {
    ;({ dbs, close } = await leg.open())
  })
  afterAll(() => close?.())

  describe('create', () => {
    it('grants `capacity` takes in total to stores racing on one key, each on its own pool', async () => {
      const stores = [0, 1, 2].map((i) => PostgresLimits.create(dbs[i % dbs.length]!))
      const rule = { capacity: 10, refillPerSecond: 0.001 }
      const k = key()
      const waits = await Promise.all(Array.from({ length: 45 }, (_, i) => stores[i % 3]!.take(k, rule)))
      expect(waits.filter((wait) => wait === 0)).toHaveLength(10)
      // The next token is 1000 s away: each refusal says so, give or take the second that a
      // statement's now() (its transaction's start) may lag another's on a loaded server.
      for (const wait of waits.filter((wait) => wait > 0))
        expect(Math.abs(wait - 1000)).toBeLessThanOrEqual(1)
      await Promise.all(stores.map((store) => store.close()))
    })

    it('answers the wait until the next token, and admits once the bucket has refilled', async () => {
      const db = dbs[0]!
      const store = PostgresLimits.create(db)
      const rule = { capacity: 2, refillPerSecond: 0.5 }
      const k = key()
      expect([await store.take(k, rule), await store.take(k, rule), await store.take(k, rule)]).toEqual([
        0, 0, 2,
      ])
      // Two seconds pass, for the bucket: one token back. (A new store: the first remembers the refusal.)
      await db.execute(sql`update rate_limits set tat = tat - interval '2 seconds' where key = ${k}`)
      const later = PostgresLimits.create(db)
      expect(await later.take(k, rule)).toBe(0)
      expect(await later.take(k, rule)).toBe(2)
      await Promise.all([store.close(), later.close()])
    })

    it('deletes the rows of full buckets', async () => {
      const db = dbs[0]!
      const k = key()
      await PostgresLimits.take(db, k, { capacity: 5, refillPerSecond: 1 }, 1)
      await db.execute(sql`update rate_limits set tat = now() - interval '1 second' where key = ${k}`)
      const store = PostgresLimits.create(db, { sweepIntervalMs: 20 })
      await vi.waitFor(
        async () => {
          const result = (await db.execute(
            sql`select count(*)::int as n from rate_limits where key = ${k}`,
          )) as unknown as { rows: { n: number }[] }
          expect(result.rows[0]!.n).toBe(0)
        },
        { timeout: 10_000 },
      )
      await store.close()
    })
  })

  describe('take', () => {
    it('grants several takes in one statement, as many as the bucket holds', async () => {
      const db = dbs[0]!
      const k = key()
      const rule = { capacity: 3, refillPerSecond: 4 }
      const first = await PostgresLimits.take(db, k, rule, 5)
      expect(first.granted).toBe(3)
      expect(first.waitSeconds).toBeGreaterThan(0.2)
      expect(first.waitSeconds).toBeLessThanOrEqual(0.25)
      expect((await PostgresLimits.take(db, k, rule, 2)).granted).toBe(0)
    })
  })
})
