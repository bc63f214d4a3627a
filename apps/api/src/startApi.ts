// Starts the API as a process would run it: config, database (migrated), projects seeded, HTTP
// server on 127.0.0.1, indexer following the chains. Used by the CLI, `npm start` and the tests.
// Several such processes may share one PostgreSQL server: they migrate one at a time, index each chain
// once between them (indexer/Lease.ts) and share their rate limits (in Redis when configured, else in
// PostgreSQL); with PGlite the one process keeps its limits in memory.
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import type { SponsorshipPolicy } from '@walletframe/protocol'
import { sql } from 'drizzle-orm'
import * as Config from './Config.js'
import { createApi } from './createApi.js'
import * as Database from './db/Database.js'
import * as Projects from './db/projects.js'
import * as Indexer from './indexer/Indexer.js'
import * as Lease from './indexer/Lease.js'
import * as TokenBucket from './internal/TokenBucket.js'
import type { LimitStore } from './limits/LimitStore.js'
import * as PostgresLimits from './limits/postgres.js'
import * as RedisLimits from './limits/redis.js'

export const localProjectId = 'local-dev'

export declare namespace startApi {
  type Options = {
    /** 0 (default) picks a free port. */
    port?: number
    /** Interface to bind; 127.0.0.1 by default. */
    host?: string
    /** A config file (a ChainsFile such as the devstack's chains.local.json is one)... */
    configPath?: string
    /** ...or the config itself. */
    config?: Config.ApiConfigInput
    /** postgres://… for a PostgreSQL server; $DATABASE_URL when not given; else PGlite. */
    databaseUrl?: string | undefined
    /** PGlite data directory; in-memory when absent. */
    dataDir?: string | undefined
    /** Postgres schema to use instead of public (tests isolate files with it). */
    dbSchema?: string
    /** redis://… for the shared rate limits; else config options.redisUrl, then $REDIS_URL. */
    redisUrl?: string | undefined
    /** An already open database (tests share one between API instances); not closed by stop(). */
    database?: Database.Database
    /**
     * Seed the `local-dev` project with these origins (any localhost origin in development) and,
     * when given, the gas it sponsors.
     */
    localProject?: { id?: string; allowedOrigins?: string[]; sponsorship?: SponsorshipPolicy }
    /** Run the indexer in this process (default: config options.indexer.enabled). */
    indexer?: boolean
    fetch?: typeof fetch
    log?: (message: string) => void
  }
  type ReturnType = {
    url: string
    port: number
    app: createApi.ReturnType
    database: Database.Database
    indexer: Indexer.Indexer
    stop(): Promise<void>
  }
}

export async function startApi(options: startApi.Options): Promise<startApi.ReturnType> {
  const config = options.config
    ? Config.parse(options.config)
    : options.configPath
      ? await Config.load(options.configPath)
      : undefined
  if (!config) throw new Error('startApi needs configPath or config')

  const ownsDatabase = !options.database
  const database =
    options.database ??
    (await Database.open({
      databaseUrl: 'databaseUrl' in options ? options.databaseUrl : process.env.DATABASE_URL,
      dataDir: options.dataDir,
      schema: options.dbSchema,
    }))
  let limitStore: LimitStore
  try {
    await migrate(database)
    for (const project of config.projects) {
      await Projects.upsert(database.db, {
        id: project.id,
        name: project.name,
        allowedOrigins: project.allowedOrigins,
        analyticsEnabled: project.analytics.enabled,
        sponsorship: project.sponsorship,
        review: project.review,
      })
    }
    if (options.localProject) {
      await Projects.upsert(database.db, {
        id: options.localProject.id ?? localProjectId,
        name: 'Local development',
        allowedOrigins: options.localProject.allowedOrigins ?? [],
        ...(options.localProject.sponsorship ? { sponsorship: options.localProject.sponsorship } : {}),
      })
    }
    const redisUrl = options.redisUrl ?? config.options.redisUrl ?? process.env.REDIS_URL
    const logOption = options.log ? { log: options.log } : {}
    const shared = config.options.rateLimits.store !== 'process'
    limitStore =
      shared && redisUrl
        ? await RedisLimits.open(redisUrl, logOption)
        : shared && database.kind === 'postgres'
          ? PostgresLimits.create(database.db, logOption)
          : TokenBucket.create()
  } catch (error) {
    if (ownsDatabase) await database.close()
    throw error
  }

  const app = createApi({
    config,
    db: database.db,
    limitStore,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.log ? { log: options.log } : {}),
  })
  const indexer = Indexer.create({
    db: database.db,
    networks: app.deps.networks,
    options: config.options,
    lease:
      database.kind === 'postgres'
        ? Lease.shared({ db: database.db, ttlMs: config.options.indexer.leaseMs })
        : Lease.sole(),
    ...(options.log ? { log: options.log } : {}),
  })

  const host = options.host ?? '127.0.0.1'
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: options.port ?? 0, hostname: host }, () => resolve(s))
    s.once('error', reject)
  }).catch(async (error: unknown) => {
    // A Redis connection left open would keep the process alive.
    await limitStore.close()
    if (ownsDatabase) await database.close()
    throw error
  })
  const port = (server.address() as AddressInfo).port
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`
  // Links the API hands out (the OAuth redirect_uri, the bundler proxy) name a configured address, or
  // else the one this server listens on when that is one address — never the Host header of a
  // request, which anyone can set. A server on every interface (0.0.0.0) must be told its address.
  if (host !== '0.0.0.0' && host !== '::') config.options.publicUrl ??= url
  if (options.indexer ?? config.options.indexer.enabled) indexer.start()

  let stopping: Promise<void> | undefined
  return {
    url,
    port,
    app,
    database,
    indexer,
    stop() {
      stopping ??= (async () => {
        await indexer.stop()
        await new Promise<void>((resolve) => {
          server.close(() => resolve())
          // Keep-alive sockets would hold close() open; no request is in flight at stop.
          ;(server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.()
        })
        await limitStore.close()
        if (ownsDatabase) await database.close()
      })()
      return stopping
    },
  }
}

/**
 * Processes started together on a fresh database would each run the same migrations; one at a time,
 * the later ones find them applied. The lock is per schema (tests run side by side in their own).
 */
async function migrate(database: Database.Database): Promise<void> {
  // PGlite has one connection and one process: nothing to wait for, and no second connection to wait on.
  if (database.kind !== 'postgres') return database.migrate()
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${migrationLock}, hashtext(current_schema()))`)
    await database.migrate()
  })
}

/** A constant first key for the migration lock ("wfmg"). */
const migrationLock = 0x77666d67
