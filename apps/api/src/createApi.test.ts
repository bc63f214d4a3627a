// createApi itself, on one database with no chain behind it: what every route gets from the
// wiring (the project and origin checks with CORS and the preflight, the per-project and per-IP limits),
// the error handler (JSON bodies, Retry-After on every 429, a JSON 404) and the OpenAPI document of
// every route. Each route's own behaviour is tested beside it in routes/.
import { SupportedChainsResponse } from '@walletframe/protocol'
import { evmNetwork } from '@walletframe/protocol/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AuthHarness, newDevice, startAuthHarness } from './auth/testing.js'
import { createApi } from './createApi.js'
import { ApiError, RateLimitedError } from './errors.js'
import { quickestBackend, routeHarness } from './internal/testing.js'

const leg = await quickestBackend('create_api')
const app = 'https://app.test'
const h = routeHarness(leg, {
  networks: [evmNetwork(1, 'Ethereum'), evmNetwork(8453, 'Base')],
  projects: [
    { id: 'app', name: 'App', allowedOrigins: [app] },
    { id: 'quiet', name: 'No analytics', allowedOrigins: [app], analyticsEnabled: false },
  ],
  options: {
    frameOrigins: ['https://frame.test'],
    rateLimits: {
      perProject: { capacity: 10_000, refillPerSecond: 10_000 },
      perIp: { capacity: 10_000, refillPerSecond: 10_000 },
    },
  },
})

const get = (path: string, headers: Record<string, string> = {}) => h.api.request(path, { headers })
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  h.api.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })

describe('projects and origins', () => {
  it('answers 400 "Project ID Not Configured" without a projectId', async () => {
    const response = await get('/v1/supported-chains')
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({
      error: 'Project ID Not Configured',
      code: 'PROJECT_ID_NOT_CONFIGURED',
    })
  })

  it('answers 401 "Invalid Project ID" for an unknown project', async () => {
    const response = await get('/v1/supported-chains?projectId=nope')
    expect(response.status).toBe(401)
    expect(await response.json()).toMatchObject({ error: 'Invalid Project ID', code: 'INVALID_PROJECT_ID' })
  })

  it('answers 403 to a browser origin that is not allowed, without CORS headers', async () => {
    const response = await get('/v1/supported-chains?projectId=app', { origin: 'https://evil.test' })
    expect(response.status).toBe(403)
    expect(await response.json()).toMatchObject({ error: 'Origin not found on Allowlist' })
    expect(response.headers.get('access-control-allow-origin')).toBeNull()
    // Not development: localhost is not implicitly allowed.
    expect(
      (await get('/v1/supported-chains?projectId=app', { origin: 'http://localhost:5173' })).status,
    ).toBe(403)
  })

  it('answers a browser origin no project allows the same for an unknown project as for a known one', async () => {
    // Any page can call the API: the answer must not tell which project ids exist.
    const evil = { origin: 'https://evil.test' }
    const known = await get('/v1/supported-chains?projectId=app', evil)
    for (const id of ['nope', 'no%00pe', 'x'.repeat(200)]) {
      const unknown = await get(`/v1/supported-chains?projectId=${id}`, evil)
      expect(unknown.status).toBe(known.status)
      expect(await unknown.json()).toEqual(await known.clone().json())
      const preflight = await h.api.request(`/v1/fungible/price?projectId=${id}`, {
        method: 'OPTIONS',
        headers: { ...evil, 'access-control-request-method': 'POST' },
      })
      expect(preflight.status).toBe(403)
    }
    // Analytics says it its own way ("Invalid App Configuration"), for both as well.
    const known403 = await post('/e?projectId=app', {}, evil)
    const unknown403 = await post('/e?projectId=nope', {}, evil)
    expect([known403.status, unknown403.status]).toEqual([403, 403])
    expect(await unknown403.json()).toEqual(await known403.json())
    // A frame origin (allowed for every project) is still told the id is wrong.
    const fromFrame = await get('/v1/supported-chains?projectId=nope', { origin: 'https://frame.test' })
    expect(fromFrame.status).toBe(401)
  })

  it('answers an allowed origin with CORS headers, including the preflight', async () => {
    const response = await get('/v1/supported-chains?projectId=app', { origin: app })
    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBe(app)
    expect(SupportedChainsResponse.parse(await response.json()).http).toContain('eip155:8453')

    const preflight = await h.api.request('/v1/fungible/price?projectId=app', {
      method: 'OPTIONS',
      headers: {
        origin: app,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe(app)
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST')
    const denied = await h.api.request('/v1/fungible/price?projectId=app', {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.test', 'access-control-request-method': 'POST' },
    })
    expect(denied.status).toBe(403)
    expect(denied.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('allows the frame origin for every project', async () => {
    for (const project of ['app', 'quiet']) {
      const response = await get(`/v1/projects/${project}/config`, { origin: 'https://frame.test' })
      expect(response.status).toBe(200)
      expect(response.headers.get('access-control-allow-origin')).toBe('https://frame.test')
    }
  })

  it('allows any localhost origin in development', async () => {
    const dev = createApi({
      config: { ...h.api.deps.config, options: { ...h.api.deps.config.options, development: true } },
      db: h.database.db,
    })
    const response = await dev.request('/v1/supported-chains?projectId=app', {
      headers: { origin: 'http://localhost:5173' },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
  })
})

describe('GET /v1/wallets', () => {
  it('serves the wallet registry per project, with CORS for an allowed origin', async () => {
    expect((await get('/v1/wallets')).status).toBe(400)
    expect((await get('/v1/wallets?projectId=nope')).status).toBe(401)
    const response = await get('/v1/wallets?projectId=app&page=1&entries=2', { origin: app })
    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBe(app)
    const body = (await response.json()) as { data: unknown[]; count: number }
    expect(body.data).toHaveLength(2)
    expect(body.count).toBeGreaterThan(2)
  })
})

describe('rate limits', () => {
  it('answers 429 with Retry-After per project and per IP', async () => {
    const limited = createApi({
      config: {
        ...h.api.deps.config,
        options: {
          ...h.api.deps.config.options,
          rateLimits: {
            perProject: { capacity: 2, refillPerSecond: 0.5 },
            perIp: { capacity: 3, refillPerSecond: 0.25 },
          },
        },
      },
      db: h.database.db,
    })
    const call = (project: string) => limited.request(`/v1/supported-chains?projectId=${project}`)
    expect((await call('app')).status).toBe(200)
    expect((await call('app')).status).toBe(200)
    const perProject = await call('app')
    expect(perProject.status).toBe(429)
    expect(perProject.headers.get('retry-after')).toBe('2')
    expect(await perProject.json()).toMatchObject({
      code: 'RATE_LIMITED',
      error: expect.stringContaining('project'),
    })
    const perIp = await call('quiet')
    expect(perIp.status).toBe(429)
    expect(perIp.headers.get('retry-after')).toBe('4')
    expect(await perIp.json()).toMatchObject({ error: expect.stringContaining(' ip') })
  })

  it('answers every 429 with Retry-After in whole seconds, rounded up, whatever error class made it', async () => {
    const reported: string[] = []
    const app = createApi({
      config: h.api.deps.config,
      db: h.database.db,
      log: (line) => reported.push(line),
    })
    class NamesItsWait extends ApiError {
      constructor(readonly retryAfterSeconds: number) {
        super(429, 'RATE_LIMITED', 'slow down')
      }
    }
    app.get('/test/limited', () => {
      throw new RateLimitedError(1.2, 'ip')
    })
    app.get('/test/names-its-wait', () => {
      throw new NamesItsWait(90.5)
    })
    app.get('/test/names-none', () => {
      throw new ApiError(429, 'RATE_LIMITED', 'slow down')
    })
    const limited = await app.request('/test/limited')
    expect(limited.headers.get('retry-after')).toBe('2')
    expect(await limited.json()).toMatchObject({ error: 'Too many requests for this ip; retry after 2 s' })
    expect((await app.request('/test/names-its-wait')).headers.get('retry-after')).toBe('91')
    expect(reported).toEqual([])
    const bare = await app.request('/test/names-none')
    expect(bare.status).toBe(429)
    expect(bare.headers.get('retry-after')).toBe('1')
    expect(reported).toEqual(['ApiError (429) names no wait; make it a TooManyRequestsError'])
  })
})

describe('the email cooldown', () => {
  // Its own API with a login configured; started in a hook, as it takes seconds.
  let auth: AuthHarness
  beforeAll(async () => {
    auth = await startAuthHarness({ emailCooldownSeconds: 45 })
  })
  afterAll(() => auth?.stop())

  it("answers the email cooldown's 429 with Retry-After too: the seconds its message names", async () => {
    const start = async () =>
      auth.post('/v1/auth/email/start?projectId=app', {
        email: 'cooldown@example.test',
        deviceKey: (await newDevice()).publicKey,
      })
    expect((await start()).status).toBe(200)
    const refused = await start()
    expect(refused.status).toBe(429)
    const body = (await refused.json()) as { code: string; error: string }
    expect(body.code).toBe('EMAIL_COOLDOWN')
    const seconds = /after (\d+) seconds/.exec(body.error)?.[1]
    expect(Number(seconds)).toBeGreaterThanOrEqual(44)
    expect(refused.headers.get('retry-after')).toBe(seconds)
  })
})

describe('unknown paths', () => {
  it('answers unknown paths with a JSON 404', async () => {
    const response = await get('/v1/nothing-here?projectId=app')
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({ code: 'NOT_FOUND' })
  })
})

describe('GET /openapi.json', () => {
  it('describes every endpoint with its parameters from the zod schemas', async () => {
    const doc = (await (await get('/openapi.json')).json()) as {
      openapi: string
      paths: Record<
        string,
        Record<
          string,
          { parameters: { name: string; in: string; required: boolean }[]; requestBody?: unknown }
        >
      >
    }
    expect(doc.openapi).toBe('3.1.0')
    expect(Object.keys(doc.paths).sort()).toEqual(
      [
        '/e',
        '/v1',
        '/v1/account/{account}/history',
        '/v1/auth/attempts/{attemptId}',
        '/v1/auth/email/device/approve',
        '/v1/auth/email/resend',
        '/v1/auth/email/start',
        '/v1/auth/email/update',
        '/v1/auth/email/update/verify',
        '/v1/auth/email/verify',
        '/v1/auth/factor/pass',
        '/v1/auth/factor/passkey',
        '/v1/auth/factor/passkey/off',
        '/v1/auth/factor/passkey/on',
        '/v1/auth/factor/passkey/open',
        '/v1/auth/factor/passkey/verify',
        '/v1/auth/factor/threshold',
        '/v1/auth/farcaster/connect',
        '/v1/auth/farcaster/start',
        '/v1/auth/me',
        '/v1/auth/passkey/add/finish',
        '/v1/auth/passkey/add/start',
        '/v1/auth/passkey/list',
        '/v1/auth/passkey/login/finish',
        '/v1/auth/passkey/login/start',
        '/v1/auth/passkey/register/finish',
        '/v1/auth/passkey/register/start',
        '/v1/auth/passkey/remove',
        '/v1/auth/session/refresh',
        '/v1/auth/session/revoke',
        '/v1/auth/social/callback/{provider}',
        '/v1/auth/social/complete',
        '/v1/auth/social/connect',
        '/v1/auth/social/start',
        '/v1/auth/totp/confirm',
        '/v1/auth/totp/disable',
        '/v1/auth/totp/start',
        '/v1/auth/totp/status',
        '/v1/auth/totp/threshold',
        '/v1/auth/totp/verify',
        '/v1/auth/wallet/create',
        '/v1/auth/wallet/recovery-password',
        '/v1/auth/wallet/shares',
        '/v1/account/{address}/balance',
        '/v1/account/{address}/nfts',
        '/v1/bundler',
        '/v1/convert/allowance',
        '/v1/convert/build-approve',
        '/v1/convert/build-transaction',
        '/v1/convert/gas-price',
        '/v1/convert/quotes',
        '/v1/convert/tokens',
        '/v1/fungible/price',
        '/v1/generators/onrampurl',
        '/v1/identity/{address}',
        '/v1/onramp/options',
        '/v1/onramp/quote',
        '/v1/paymaster',
        '/v1/profile/account',
        '/v1/profile/account/{name}',
        '/v1/profile/reverse/{address}',
        '/v1/profile/suggestions/{name}',
        '/v1/projects/{projectId}/config',
        '/v1/review',
        '/v1/sessions',
        '/v1/sessions/nonce',
        '/v1/sessions/{id}',
        '/v1/sessions/{id}/revoke',
        '/v1/simulate',
        '/v1/supported-chains',
        '/v1/tokens/{chainId}/{address}/icon',
        '/v1/wallets',
        '/v1/wallets/{walletId}/logo',
      ].sort(),
    )
    const balance = doc.paths['/v1/account/{address}/balance']!.get!
    expect(balance.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'address', in: 'path', required: true }),
        expect.objectContaining({ name: 'projectId', in: 'query', required: true }),
        expect.objectContaining({ name: 'forceUpdate', in: 'query', required: false }),
      ]),
    )
    expect(doc.paths['/v1/fungible/price']!.post!.requestBody).toBeDefined()
  })

  it('documents Retry-After on every 429', async () => {
    type Responses = Record<string, { headers?: Record<string, { schema: unknown }> }>
    const doc = (await (await get('/openapi.json')).json()) as {
      paths: Record<string, Record<string, { responses: Responses }>>
    }
    const limited = Object.values(doc.paths)
      .flatMap((operations) => Object.values(operations))
      .map((operation) => operation.responses['429'])
      .filter((response) => response !== undefined)
    expect(limited.length).toBeGreaterThan(20)
    for (const response of limited)
      expect(response.headers?.['Retry-After']?.schema).toEqual({ type: 'integer', minimum: 1 })
  })
})
