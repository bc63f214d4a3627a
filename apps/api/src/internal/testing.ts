// Test support: the PostgreSQL server leg. Database tests always run on PGlite and also on a server
// when one answers at TEST_DATABASE_URL; each test file works in its own schema, dropped afterwards.
// CI has the server, so there its absence fails instead of passing quietly.
// Route suites get their API here too: on a database alone (routeHarness) or on the devstack's
// chains (devstackHarness), and the broken networks they test it against (deadNetwork, silentServer).
import { randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { devnets } from '@walletframe/devstack/testing'
import type { ChainNetwork } from '@walletframe/protocol'
import { evmNetwork } from '@walletframe/protocol/testing'
import pg from 'pg'
import { afterAll, beforeAll, expect } from 'vitest'
import * as Config from '../Config.js'
import { createApi } from '../createApi.js'
import * as Database from '../db/Database.js'
import * as Projects from '../db/projects.js'
import { startApi } from '../startApi.js'

export const testDatabaseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

/** Whether the server leg runs; under CI=true an unreachable server throws. */
export async function serverLegAvailable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: testDatabaseUrl, connectionTimeoutMillis: 2_000 })
  try {
    await client.connect()
    await client.query('select 1')
    return true
  } catch (error) {
    const reason = `PostgreSQL server at ${testDatabaseUrl} is not reachable: ${(error as Error).message}`
    if (process.env.CI === 'true') throw new Error(`${reason} (required under CI=true)`)
    console.warn(`[api tests] the PostgreSQL server leg did NOT run — ${reason}`)
    return false
  } finally {
    await client.end().catch(() => {})
  }
}

/** A database in a fresh schema on the test server; `drop()` removes the schema. */
export async function openServerSchema(
  label: string,
): Promise<{ database: Database.Database; schema: string; drop(): Promise<void> }> {
  const schema = `t_${label}_${randomBytes(4).toString('hex')}`
  const database = await Database.open({ databaseUrl: testDatabaseUrl, schema })
  return {
    database,
    schema,
    async drop() {
      await database.close()
      await Database.dropSchema(testDatabaseUrl, schema)
    },
  }
}

export type Backend = {
  name: 'pglite' | 'postgres'
  open(): Promise<{ database: Database.Database; close(): Promise<void> }>
}

/** PGlite always; the server too when reachable. */
export async function backends(label: string): Promise<Backend[]> {
  const list: Backend[] = [
    {
      name: 'pglite',
      async open() {
        const database = await Database.open()
        return { database, close: () => database.close() }
      },
    },
  ]
  if (await serverLegAvailable()) {
    list.push({
      name: 'postgres',
      async open() {
        const opened = await openServerSchema(label)
        return { database: opened.database, close: opened.drop }
      },
    })
  }
  return list
}

/** Two API processes' databases on one backend: PGlite's one instance twice, or two pools on one server schema. */
export type SharedBackend = {
  name: 'pglite' | 'postgres'
  open(): Promise<{ first: Database.Database; second: Database.Database; close(): Promise<void> }>
}

/**
 * PGlite always, and the server too when reachable, each opened as two databases on one schema: what
 * two API processes share, so a race between them is a race between the two.
 */
export async function sharedBackends(label: string): Promise<SharedBackend[]> {
  const list: SharedBackend[] = [
    {
      name: 'pglite',
      async open() {
        const database = await Database.open()
        return { first: database, second: database, close: () => database.close() }
      },
    },
  ]
  if (await serverLegAvailable()) {
    list.push({
      name: 'postgres',
      async open() {
        const opened = await openServerSchema(label)
        const second = await Database.open({ databaseUrl: testDatabaseUrl, schema: opened.schema })
        return {
          first: opened.database,
          second,
          close: async () => {
            await second.close()
            await opened.drop()
          },
        }
      },
    })
  }
  return list
}

/**
 * One backend for a suite that is not about the database: the server when it answers (a fresh schema
 * there is ready in a second or two; PGlite's start takes several, and far more on a busy machine),
 * else PGlite.
 */
export async function quickestBackend(label: string): Promise<Backend> {
  return (await backends(label)).at(-1)!
}

export type RouteHarness = {
  /** The app, for `api.request(…)`; set once the suite's beforeAll has run. */
  readonly api: ReturnType<typeof createApi>
  readonly database: Database.Database
  /** What the app reported as unexpected errors (a bad-input test expects none). */
  readonly logs: string[]
}

export declare namespace routeHarness {
  type Options = {
    /** The networks the API serves; one Ethereum-like network by default (its RPC a closed port). */
    networks?: Config.ApiConfigInput['networks']
    options?: Config.ApiConfigInput['options']
    /** The projects in the database; `app`, allowing no origin of its own, by default. */
    projects?: (Projects.ProjectInput & { id: string })[]
    /** fetch for the upstream nodes (a fake node answers here). */
    fetch?: typeof fetch
  }
}

/**
 * For a suite of route tests on `leg`: a migrated database with the project `app`, and the API on
 * one Ethereum-like network (or what `options` name), opened before the suite and closed after it.
 */
export function routeHarness(leg: Backend, options: routeHarness.Options = {}): RouteHarness {
  const logs: string[] = []
  let api: ReturnType<typeof createApi> | undefined
  let database: Database.Database | undefined
  let close: (() => Promise<void>) | undefined
  beforeAll(async () => {
    ;({ database, close } = await leg.open())
    await database.migrate()
    for (const project of options.projects ?? [{ id: 'app', name: 'App', allowedOrigins: [] }])
      await Projects.upsert(database.db, project)
    api = createApi({
      config: Config.parse({
        version: 1,
        networks: options.networks ?? [evmNetwork(1, 'Ethereum')],
        ...(options.options ? { options: options.options } : {}),
      }),
      db: database.db,
      log: (line) => logs.push(line),
      ...(options.fetch ? { fetch: options.fetch } : {}),
    })
  })
  afterAll(() => close?.())
  return {
    get api() {
      return setUp(api, 'routeHarness')
    },
    get database() {
      return setUp(database, 'routeHarness')
    },
    logs,
  }
}

/** An EVM network whose RPC is at `url`: one refusing connections, or one that never answers. */
export function deadNetwork(id: number, url: string): Config.ApiConfigInput['networks'][number] {
  return {
    caipNetworkId: `eip155:${id}`,
    chainNamespace: 'eip155',
    id,
    name: `Broken ${id}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    nativePriceUsd: 1,
    rpcUrls: { default: { http: [url] } },
    testnet: true,
  }
}

export type SilentServer = {
  /** Its address; set once the suite's beforeAll has run. */
  readonly url: string
}

/**
 * An RPC server that takes every request and never answers, so only the API's timeout ends the wait:
 * listening on port 0 before the suite, closed after it. Call it before the suite's harness: after-hooks
 * run in reverse order, so it closes once the API and the devstack have stopped.
 */
export function silentServer(): SilentServer {
  let server: Server | undefined
  let url: string | undefined
  beforeAll(async () => {
    const listening = createServer(() => {})
    server = listening
    await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    if (!server) return
    server.closeAllConnections()
    await new Promise((resolve) => server?.close(resolve))
  })
  return {
    get url() {
      return setUp(url, 'silentServer')
    },
  }
}

export type DevstackHarness = {
  /** The devstack; set once the suite's beforeAll has run. */
  readonly stack: devnets.ReturnType['stack']
  readonly api: startApi.ReturnType
}

/**
 * For a suite against the devstack's chains (anvil; the Solana RPC when asked; no relay, on-ramp or
 * login services): the API on its chains file with the project `app` on the quickest backend,
 * started before the suite and stopped after it.
 */
export function devstackHarness(config: {
  /** Networks the API serves besides the devstack's; a function when they are known only in beforeAll. */
  networks?: Config.ApiConfigInput['networks'] | (() => Config.ApiConfigInput['networks'])
  options: Config.ApiConfigInput['options']
  /** Start the devstack's Solana RPC too (default false). */
  solana?: boolean
  /** Start its ERC-4337 bundlers and paymaster service too (default false). */
  bundler?: boolean
  /**
   * The projects the API seeds; `app`, allowing no origin of its own, by default. A function of the
   * devstack's chains file when they name its contracts.
   */
  projects?:
    | Config.ApiConfigInput['projects']
    | ((chainsFile: DevstackHarness['stack']['chainsFile']) => Config.ApiConfigInput['projects'])
}): DevstackHarness {
  // The chains first, then the database: PGlite's start keeps this thread busy long enough to time
  // out the devstack's own RPC calls, so the two start one after the other (hooks run in order).
  const devnet = devnets({ solana: config.solana ?? false, bundler: config.bundler ?? false })
  let api: DevstackHarness['api'] | undefined
  let closeDatabase: (() => Promise<void>) | undefined
  beforeAll(async () => {
    const { chainsFile } = devnet
    const opened = await (await quickestBackend('devstack')).open()
    closeDatabase = opened.close
    const networks = typeof config.networks === 'function' ? config.networks() : config.networks
    api = await startApi({
      config: {
        ...chainsFile,
        ...(networks ? { networks: [...chainsFile.networks, ...networks] } : {}),
        projects:
          typeof config.projects === 'function'
            ? config.projects(chainsFile)
            : (config.projects ?? [{ id: 'app', name: 'App' }]),
        options: config.options,
      },
      database: opened.database,
    })
  })
  afterAll(async () => {
    await api?.stop()
    await closeDatabase?.()
  })
  return {
    get stack() {
      return devnet.stack
    },
    get api() {
      return setUp(api, 'devstackHarness')
    },
  }
}

/** A JSON POST, as a client sends one to the API. */
export const postJson = (url: string, body: unknown): Promise<Response> =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })

/** The networks GET /v1/projects/{id}/config hands the frame of `projectId`. */
export async function projectNetworks(apiUrl: string, projectId: string): Promise<ChainNetwork[]> {
  const response = await fetch(`${apiUrl}/v1/projects/${projectId}/config?projectId=${projectId}`)
  return ((await response.json()) as { networks: ChainNetwork[] }).networks
}

/**
 * That `response` is the caller's 400 naming `field`: a JSON body with a stable code and a message,
 * and no stack trace in it.
 */
export async function expectFieldError(response: Response, field: string): Promise<void> {
  expect(response.status).toBe(400)
  const body = (await response.json()) as { error: unknown }
  expect(body).toMatchObject({
    code: expect.stringMatching(/^(INVALID_REQUEST|NETWORK_NOT_SUPPORTED)$/),
    field,
  })
  expect(body.error).toEqual(expect.any(String))
  expect(JSON.stringify(body)).not.toMatch(/\bat .*\.ts:\d+/)
}

/** What a harness's beforeAll set; a test reading it earlier is told so. */
function setUp<T>(value: T | undefined, harness: string): T {
  if (value === undefined) throw new Error(`${harness}: used before its beforeAll ran`)
  return value
}
