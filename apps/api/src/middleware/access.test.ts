// resolve(): a project id not of the form every project id has never reaches the database; on both
// backends, such an id is "Invalid Project ID" on every project route, the CORS preflight included.
// requireProject({ from: 'body' }): the id in a JSON body (or the query), the body read once.
import { evmNetwork } from '@walletframe/protocol/testing'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as Config from '../Config.js'
import { createApi } from '../createApi.js'
import type { Deps, Env } from '../Deps.js'
import type * as Database from '../db/Database.js'
import * as Projects from '../db/projects.js'
import { ApiError } from '../errors.js'
import * as TokenBucket from '../internal/TokenBucket.js'
import { backends } from '../internal/testing.js'
import * as LimitStore from '../limits/LimitStore.js'
import { requireProject, resolve } from './access.js'

const legs = await backends('access')
const config = Config.parse({ version: 1, networks: [evmNetwork(1, 'Ethereum')] })

describe('resolve', () => {
  it('never asks the project store about an id of another form', async () => {
    const asked: string[] = []
    const projects = {
      async get(id: string) {
        asked.push(id)
        return undefined
      },
      forget() {},
    }
    const app = new Hono()
    app.get('/', async (c) => {
      await resolve({ projects, config }, c.req.query('projectId'), c)
      return c.text('resolved')
    })
    app.onError((error, c) => c.json({ code: error instanceof ApiError ? error.code : 'INTERNAL' }))
    for (const id of ['a\u0000b', 'x'.repeat(129), 'a b', 'a/b', 'ü', 'a.b', 'well-formed_1']) {
      const answer = await (await app.request(`/?projectId=${encodeURIComponent(id)}`)).json()
      expect(answer, id).toEqual({ code: 'INVALID_PROJECT_ID' })
    }
    expect(asked).toEqual(['well-formed_1'])
  })
})

describe('requireProject from the body', () => {
  const project = {
    id: 'app',
    name: 'App',
    allowedOrigins: [],
    analyticsEnabled: true,
    createdAt: new Date(),
  }
  /** The app behind requireProject, with a project limit of `capacity` calls that never refills. */
  const appWith = (capacity: number) => {
    const deps = {
      config,
      projects: { get: async (id: string) => (id === 'app' ? project : undefined), forget() {} },
      limits: {
        perProject: LimitStore.limiter(
          TokenBucket.create({ now: () => 0 }),
          'project',
          { capacity, refillPerSecond: 0.5 },
          { onStoreError: 'refuse' },
        ),
      },
    } as unknown as Deps
    const app = new Hono<Env>()
    app.post('/', requireProject(deps, { from: 'body', maxBytes: 64 }), (c) =>
      c.json({ project: c.var.project.id, body: c.var.body }),
    )
    app.onError((error, c) =>
      error instanceof ApiError ? c.json(error.toJSON(), error.status) : c.json({ code: 'INTERNAL' }, 500),
    )
    return app
  }
  const app = appWith(100)
  const post = (body: string, query = '') =>
    app.request(`/${query}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })

  it('resolves the project the body names and hands the handler the body it read', async () => {
    const response = await post('{"projectId":"app","n":1}')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ project: 'app', body: { projectId: 'app', n: 1 } })
  })

  it("takes the query's id when the body names none, and refuses two different ones", async () => {
    expect(await (await post('{"n":1}', '?projectId=app')).json()).toMatchObject({ project: 'app' })
    const both = await post('{"projectId":"other"}', '?projectId=app')
    expect(both.status).toBe(400)
    expect(await both.json()).toMatchObject({ code: 'INVALID_REQUEST', field: 'body.projectId' })
  })

  it('answers no id, an unknown id, a body over its limit or not JSON before the handler runs', async () => {
    const answers = await Promise.all([
      post('{"n":1}'),
      post('{"projectId":"nope"}'),
      post(JSON.stringify({ projectId: 'app', pad: 'x'.repeat(64) })),
      post('{nope', '?projectId=app'),
    ])
    expect(
      await Promise.all(answers.map(async (r) => [r.status, ((await r.json()) as { code: string }).code])),
    ).toEqual([
      [400, 'PROJECT_ID_NOT_CONFIGURED'],
      [401, 'INVALID_PROJECT_ID'],
      [413, 'PAYLOAD_TOO_LARGE'],
      [400, 'INVALID_REQUEST'],
    ])
  })

  it("applies the project's rate limit", async () => {
    const limited = appWith(1)
    const call = () =>
      limited.request('/', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"projectId":"app"}',
      })
    expect((await call()).status).toBe(200)
    const refused = await call()
    expect(refused.status).toBe(429)
    expect(await refused.json()).toMatchObject({ code: 'RATE_LIMITED' })
  })
})

describe.each(legs)('an id with a NUL byte on $name', (leg) => {
  let database: Database.Database
  let close: () => Promise<void>
  let api: ReturnType<typeof createApi>
  const logs: string[] = []
  const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
  const nul = 'a%00b'

  beforeAll(async () => {
    ;({ database, close } = await leg.open())
    await database.migrate()
    await Projects.upsert(database.db, { id: 'app', name: 'App', allowedOrigins: [] })
    api = createApi({ config, db: database.db, log: (line) => logs.push(line) })
  })
  afterAll(() => close?.())

  const json = (body: unknown) => ({
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const requests: [string, RequestInit?][] = [
    [`/v1/supported-chains?projectId=${nul}`],
    [`/v1/projects/${nul}/config`],
    [`/v1/account/${address}/balance?projectId=${nul}`],
    [`/v1/convert/gas-price?projectId=${nul}&chainId=eip155:1`],
    [`/v1/identity/${address}?projectId=${nul}`],
    [`/v1/account/${address}/history?projectId=${nul}`],
    [`/v1/wallets?projectId=${nul}`],
    [`/v1?projectId=${nul}&chainId=eip155:1`, json({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' })],
    [`/e?projectId=${nul}`, json({ eventId: 'e', url: 'u', domain: 'd', timestamp: 1 })],
    [
      '/v1/fungible/price',
      json({
        currency: 'usd',
        projectId: 'a\u0000b',
        addresses: ['eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'],
      }),
    ],
    [`/v1/supported-chains?projectId=${nul}`, { method: 'OPTIONS' }],
    [`/v1/fungible/price?projectId=${nul}`, { method: 'OPTIONS' }],
    [`/v1/projects/${nul}/config`, { method: 'OPTIONS' }],
    // Not UTF-8 once decoded: the preflight reads this id from the path itself.
    ['/v1/projects/%ED%A0%80/config', { method: 'OPTIONS' }],
  ]

  it.each(requests)('%s answers 401 "Invalid Project ID"', async (path, init) => {
    const response = await api.request(path, init)
    expect(response.status).toBe(401)
    expect(await response.json()).toMatchObject({ error: 'Invalid Project ID', code: 'INVALID_PROJECT_ID' })
    expect(logs).toEqual([])
  })
})
