// resolve(): a project id not of the form every project id has never reaches the database; on both
// backends, such an id is "Invalid Project ID" on every project route, the CORS preflight included.
import { evmNetwork } from '@walletframe/protocol/testing'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as Config from '../Config.js'
import { createApi } from '../createApi.js'
import type * as Database from '../db/Database.js'
import * as Projects from '../db/projects.js'
import { ApiError } from '../errors.js'
import { backends } from '../internal/testing.js'
import { resolve } from './access.js'

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
