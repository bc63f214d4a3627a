import { evmNetwork } from '@walletframe/protocol/testing'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import * as Config from '../Config.js'
import { createApi } from '../createApi.js'
import type { Deps, Env } from '../Deps.js'
import * as Database from '../db/Database.js'
import * as Projects from '../db/projects.js'
import type { RateLimitedError } from '../errors.js'
import * as TokenBucket from '../internal/TokenBucket.js'
import * as LimitStore from '../limits/LimitStore.js'
import { clientIp, perIp } from './rateLimit.js'

describe('clientIp', () => {
  it('takes the address the proxy added, not one the client wrote, and only behind a proxy', async () => {
    const app = new Hono()
    app.get('/behind', (c) => c.text(clientIp(c, true)))
    app.get('/direct', (c) => c.text(clientIp(c, false)))
    const headers = { 'x-forwarded-for': '10.9.9.9, 203.0.113.9' }
    expect(await (await app.request('/behind', { headers })).text()).toBe('203.0.113.9')
    expect(await (await app.request('/direct', { headers })).text()).toBe('unknown')
  })
})

describe('perIp', () => {
  it('refuses an address over its limit with the seconds to wait, whatever the client forwards', async () => {
    const store = TokenBucket.create({ now: () => 0 })
    const deps = {
      config: { options: { trustProxy: true } },
      limits: {
        perIp: LimitStore.limiter(
          store,
          'ip',
          { capacity: 1, refillPerSecond: 0.2 },
          { onStoreError: 'refuse' },
        ),
      },
    } as unknown as Deps
    const app = new Hono<Env>()
    app.use('*', perIp(deps))
    app.get('/', (c) => c.text('ok'))
    app.onError((error, c) => c.text(String((error as RateLimitedError).retryAfterSeconds), 429))
    const from = (spoofed: string) =>
      app.request('/', { headers: { 'x-forwarded-for': `${spoofed}, 203.0.113.9` } })
    expect((await from('1.1.1.1')).status).toBe(200)
    const refused = await from('2.2.2.2')
    expect(refused.status).toBe(429)
    expect(await refused.text()).toBe('5')
  })
})

/** A limit store whose backend is down: every take fails, as a Redis or PostgreSQL outage does. */
const unreachable: LimitStore.LimitStore = {
  take: async () => {
    throw new Error('connect ECONNREFUSED 127.0.0.1:6379')
  },
  close: async () => {},
}

describe('perIp while its store fails', () => {
  const rule = { capacity: 1, refillPerSecond: 0.2 }
  function appWith(onStoreError: 'allow' | 'refuse') {
    const logs: string[] = []
    const deps = {
      config: { options: { trustProxy: false } },
      limits: {
        perIp: LimitStore.limiter(unreachable, 'ip', rule, { onStoreError, log: (line) => logs.push(line) }),
      },
    } as unknown as Deps
    const app = new Hono<Env>()
    app.use('*', perIp(deps))
    app.get('/', (c) => c.text('ok'))
    app.onError((error, c) => c.text(error.message, 500))
    return { app, logs }
  }

  it('admits every request, and says so once, where the limit allows on a store failure', async () => {
    const { app, logs } = appWith('allow')
    const statuses = await Promise.all([1, 2, 3].map(async () => (await app.request('/')).status))
    expect(statuses).toEqual([200, 200, 200])
    expect(logs).toEqual([
      'rate limit "ip" not applied, its store failed: connect ECONNREFUSED 127.0.0.1:6379',
    ])
  })

  it('fails every request with the store’s error where the limit refuses on a store failure', async () => {
    const { app } = appWith('refuse')
    for (let i = 0; i < 3; i++) {
      const response = await app.request('/')
      expect(response.status).toBe(500)
      expect(await response.text()).toBe('connect ECONNREFUSED 127.0.0.1:6379')
    }
  })
})

describe("the API's generic limits", () => {
  it('serve reads while the shared limit store is down: per IP and per project, they allow', async () => {
    const database = await Database.open()
    try {
      await database.migrate()
      await Projects.upsert(database.db, { id: 'app', name: 'App', allowedOrigins: [] })
      const logs: string[] = []
      const api = createApi({
        config: Config.parse({ version: 1, networks: [evmNetwork(1, 'Ethereum')] }),
        db: database.db,
        limitStore: unreachable,
        log: (line) => logs.push(line),
      })
      const response = await api.request('/v1/supported-chains?projectId=app')
      expect(response.status).toBe(200)
      expect(logs.map((line) => line.replace(/: .*/, ''))).toEqual([
        'rate limit "ip" not applied, its store failed',
        'rate limit "project" not applied, its store failed',
      ])
    } finally {
      await database.close()
    }
  })
})
