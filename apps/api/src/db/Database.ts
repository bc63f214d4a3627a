// Opens the database the API runs on and brings its schema up to date: embedded PGlite (a data
// directory, or memory for tests) by default, a PostgreSQL server through node-postgres when a URL
// is given. Both get the same drizzle-kit migrations from ../../drizzle.
import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { memoryTemplate } from './memoryTemplate.js'
import * as schema from './schema.js'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

export type Database = {
  db: Db
  kind: 'pglite' | 'postgres'
  /** Applies the committed migrations; idempotent. */
  migrate(): Promise<void>
  close(): Promise<void>
}

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url))

export declare namespace open {
  type Options = {
    /** postgres://… — use a PostgreSQL server. Otherwise PGlite. */
    databaseUrl?: string | undefined
    /** PGlite data directory; in-memory when absent. Ignored with databaseUrl. */
    dataDir?: string | undefined
    /** Postgres schema to work in (created if missing); `public` when absent. */
    schema?: string | undefined
  }
}

const schemaPattern = /^[a-z_][a-z0-9_]{0,62}$/

export async function open(options: open.Options = {}): Promise<Database> {
  const { schema: pgSchema } = options
  if (pgSchema !== undefined && !schemaPattern.test(pgSchema)) {
    throw new Error(`Invalid schema name "${pgSchema}" (lowercase letters, digits, underscore)`)
  }
  // The migrator keeps its journal in its own schema; per-schema journals keep test schemas apart.
  const migrationsSchema = pgSchema ?? 'drizzle'

  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      ...(pgSchema ? { options: `-c search_path=${pgSchema}` } : {}),
    })
    // An idle client that loses its server emits 'error' on the pool; without a listener that
    // would crash the process. The next query reconnects.
    pool.on('error', (error) => console.error(`[api] postgres pool: ${error.message}`))
    if (pgSchema) await createSchema(pool, pgSchema)
    const db = drizzlePg(pool, { schema }) as unknown as Db
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder, migrationsSchema }),
      close: () => pool.end(),
    }
  }

  // PGlite creates its own directory but not the parents a fresh checkout lacks (.data/).
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true })
  const client = options.dataDir
    ? new PGlite(options.dataDir)
    : new PGlite(
        pgSchema
          ? {}
          : await memoryTemplate(migrationsFolder, (template) =>
              migratePglite(drizzlePglite(template, { schema }), { migrationsFolder, migrationsSchema }),
            ),
      )
  await client.waitReady
  if (pgSchema) {
    await client.exec(`create schema if not exists "${pgSchema}"; set search_path to "${pgSchema}"`)
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder, migrationsSchema }),
    close: () => client.close(),
  }
}

/** Removes a schema and everything in it from the server at `databaseUrl` (a test's, once it is done). */
export async function dropSchema(databaseUrl: string, name: string): Promise<void> {
  if (!schemaPattern.test(name))
    throw new Error(`Invalid schema name "${name}" (lowercase letters, digits, underscore)`)
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    await client.query(`drop schema if exists "${name}" cascade`)
  } finally {
    await client.end()
  }
}

/**
 * `create schema if not exists` races with itself: processes starting together on a new schema may
 * all find it missing, and all but one insert fails with a unique violation (23505) or duplicate
 * schema (42P06). Either way the schema exists, which is all the caller wanted.
 */
async function createSchema(pool: pg.Pool, name: string): Promise<void> {
  try {
    await pool.query(`create schema if not exists "${name}"`)
  } catch (error) {
    const code = (error as { code?: string }).code
    if (code !== '23505' && code !== '42P06') throw error
  }
}
