// The per-IP limit on /v1/auth/wallet/*, through the shared LimitStore on PGlite and, when reachable,
// on the PostgreSQL server: two API instances on one database (each with its own store, as two
// processes have) admit one bucket's worth per address between them, then answer a typed 429.
import { evmNetwork } from '@walletframe/protocol/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as Config from '../Config.js'
import { createApi } from '../createApi.js'
import type * as Database from '../db/Database.js'
import * as Projects from '../db/projects.js'
import { backends } from '../internal/testing.js'
import type { LimitStore } from '../limits/LimitStore.js'
import * as PostgresLimits from '../limits/postgres.js'
import { authSecret, frameOrigin } from './testing.js'
import { WalletRateLimitedError } from './walletLimit.js'

const capacity = 4
const q = '?projectId=app'
let ip = 0
/** A fresh client address per test (the limit is per IP; the APIs trust the proxy's last entry). */
const newIp = () => `203.0.113.${++ip}`

describe.each(await backends('wallet_limit'))('wallet calls per IP on $name', (leg) => {
  let database: Database.Database
  let close: () => Promise<void>
  let stores: LimitStore[]
  let apis: ReturnType<typeof createApi>[]

  beforeAll(async () => {
    ;({ database, close } = await leg.open())
    await database.migrate()
    await Projects.upsert(database.db, { id: 'app', name: 'App', allowedOrigins: [] })
    const config = Config.parse({
      version: 1,
      networks: [evmNetwork(1, 'Ethereum')],
      options: {
        frameOrigins: [frameOrigin],
        trustProxy: true,
        auth: { secret: authSecret, walletCallsPerIp: { capacity, refillPerSecond: 0.001 } },
      },
    })
    stores = [PostgresLimits.create(database.db), PostgresLimits.create(database.db)]
    apis = stores.map((limitStore) => createApi({ config, db: database.db, limitStore, log: () => {} }))
  })
  afterAll(async () => {
    await Promise.all((stores ?? []).map((store) => store.close()))
    await close?.()
  })

  /** A wallet call as a client without a session sends it: refused 401 unless the limit answers first. */
  const call = async (api: ReturnType<typeof createApi>, from: string, path = 'shares') =>
    api.request(`/v1/auth/wallet/${path}${q}`, {
      method: 'POST',
      headers: { origin: frameOrigin, 'content-type': 'application/json', 'x-forwarded-for': from },
      body: JSON.stringify({ proof: { timestamp: Date.now(), signature: 'A'.repeat(86) } }),
    })

  it('admits `capacity` calls per address across two API instances, then 429 RATE_LIMITED with Retry-After', async () => {
    const from = newIp()
    const statuses: number[] = []
    for (let i = 0; i < capacity; i++) statuses.push((await call(apis[i % 2]!, from)).status)
    expect(statuses).toEqual(Array(capacity).fill(401))
    for (const api of apis) {
      const refused = await call(api, from)
      expect(refused.status).toBe(429)
      const retryAfter = Number(refused.headers.get('retry-after'))
      expect(retryAfter).toBeGreaterThan(900)
      expect(await refused.json()).toEqual({
        code: 'RATE_LIMITED',
        error: new WalletRateLimitedError(retryAfter).message,
      })
    }
  })

  it('counts every wallet route in one bucket and holds when the instances race', async () => {
    const from = newIp()
    const answers = await Promise.all(
      Array.from({ length: 3 * capacity }, (_, i) =>
        call(apis[i % 2]!, from, i % 3 === 0 ? 'create' : 'shares').then((r) => r.status),
      ),
    )
    expect(answers.filter((status) => status !== 429)).toHaveLength(capacity)
    expect(answers.filter((status) => status === 429)).toHaveLength(2 * capacity)
  })

  it('leaves other addresses and the other login routes alone', async () => {
    const from = newIp()
    for (let i = 0; i <= capacity; i++) await call(apis[0]!, from)
    expect((await call(apis[1]!, from)).status).toBe(429)
    expect((await call(apis[1]!, newIp())).status).toBe(401)
    const me = await apis[1]!.request(`/v1/auth/me${q}`, {
      headers: { origin: frameOrigin, 'x-forwarded-for': from },
    })
    expect(me.status).toBe(401)
  })
})

describe('WalletRateLimitedError', () => {
  it('is a RateLimitedError: status 429, code RATE_LIMITED, the wait in its words', () => {
    const error = new WalletRateLimitedError(12)
    expect(error).toMatchObject({ status: 429, code: 'RATE_LIMITED', retryAfterSeconds: 12 })
    expect(error.message).toBe('Too many wallet requests from this IP address; retry after 12 s')
  })
})
