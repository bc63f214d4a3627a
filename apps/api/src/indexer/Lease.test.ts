// Runs on PGlite and, when reachable, on the PostgreSQL server (see internal/testing.ts).
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type * as Database from '../db/Database.js'
import { backends } from '../internal/testing.js'
import * as Lease from './Lease.js'

const legs = await backends('lease')

describe.each(legs)('leases on $name', (leg) => {
  let database: Database.Database
  let close: () => Promise<void>

  beforeAll(async () => {
    ;({ database, close } = await leg.open())
    await database.migrate()
  })
  afterAll(() => close?.())

  describe('shared', () => {
    it('gives a chain to one holder at a time; another takes it once it expires or is released', async () => {
      const db = database.db
      const [a, b] = [Lease.shared({ db, ttlMs: 60_000 }), Lease.shared({ db, ttlMs: 60_000 })]
      expect(await a.acquire('eip155:1')).toBe(true)
      expect(await b.acquire('eip155:1')).toBe(false)
      // Another chain is a separate lease.
      expect(await b.acquire('eip155:10')).toBe(true)
      expect(await a.acquire('eip155:1')).toBe(true)

      // a stops renewing (killed, or hung) until its lease has run out.
      await db.execute(
        sql`update indexer_leases set expires_at = now() - interval '1 second' where chain_id = 'eip155:1'`,
      )
      expect(await b.acquire('eip155:1')).toBe(true)
      expect(await a.acquire('eip155:1')).toBe(false)

      // b stops: a takes over at once.
      await a.release('eip155:1')
      expect(await b.acquire('eip155:1')).toBe(true)
      await b.release('eip155:1')
      expect(await a.acquire('eip155:1')).toBe(true)
    })

    it('lets exactly one of several racing processes hold a chain', async () => {
      const leases = Array.from({ length: 6 }, () => Lease.shared({ db: database.db, ttlMs: 60_000 }))
      const held = await Promise.all(leases.map((lease) => lease.acquire('eip155:8453')))
      expect(held.filter(Boolean)).toHaveLength(1)
    })
  })

  describe('holderId', () => {
    it('names the host and the process, and differs per indexer', () => {
      expect(Lease.holderId()).toMatch(new RegExp(`^.+:${process.pid}:[0-9a-f]{6}$`))
      expect(Lease.holderId()).not.toBe(Lease.holderId())
    })
  })
})
