import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import type { RateLimitedError } from '../errors.js'
import * as TokenBucket from '../internal/TokenBucket.js'
import * as LimitStore from '../limits/LimitStore.js'
import type { Deps, Env } from '../routes/Route.js'
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
      limits: { perIp: LimitStore.limiter(store, 'ip', { capacity: 1, refillPerSecond: 0.2 }) },
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
