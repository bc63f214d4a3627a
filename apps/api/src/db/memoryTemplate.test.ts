import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { type SQL, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import * as Database from './Database.js'
import * as Projects from './projects.js'

const cache = join(
  dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')),
  '..',
  '..',
  '..',
  '.cache',
  'walletframe-pglite',
)

async function count(database: Database.Database, statement: SQL): Promise<number | undefined> {
  const result = (await database.db.execute(statement)) as unknown as { rows: { count: number }[] }
  return result.rows[0]?.count
}

describe('in-memory databases from the migrated template', () => {
  // The first open in a fresh checkout builds the template: initdb and every migration, slow on a busy machine.
  it('start with every migration applied and no rows', { timeout: 120_000 }, async () => {
    const database = await Database.open()
    try {
      const applied = await count(
        database,
        sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
      )
      const journal = JSON.parse(
        readFileSync(join(Database.migrationsFolder, 'meta', '_journal.json'), 'utf8'),
      ) as { entries: unknown[] }
      expect(applied).toBe(journal.entries.length)
      expect(await count(database, sql`select count(*)::int as count from projects`)).toBe(0)
      // Migrating again finds nothing to do.
      await database.migrate()
    } finally {
      await database.close()
    }
  })

  it('are independent of each other: what one writes the next never sees', async () => {
    const first = await Database.open()
    await first.migrate()
    await Projects.upsert(first.db, { id: 'written', name: 'w', allowedOrigins: ['https://a.test'] })
    const second = await Database.open()
    try {
      expect(await Projects.find(second.db, 'written')).toBeUndefined()
      expect(await Projects.find(first.db, 'written')).toBeDefined()
    } finally {
      await first.close()
      await second.close()
    }
  })

  it('keeps the template under the project cache, named by a digest, with no half-written file left', async () => {
    await (await Database.open()).close()
    const files = readdirSync(cache)
    expect(files.some((name) => /^pglite-[0-9a-f]{32}\.tar$/.test(name))).toBe(true)
    expect(files.filter((name) => !name.endsWith('.tar'))).toEqual([])
    expect(existsSync(cache)).toBe(true)
  })
})
