// POST /e on both database backends: an event is stored once per eventId with where it came from, not
// at all for a project with analytics off, and a disallowed origin is "Invalid App Configuration".
// What Postgres or JSON cannot hold is refused with a 400 naming the field, and nothing is stored;
// what they can hold, up to the bounds, is stored as sent.
import { maxTimestampMs } from '@walletframe/protocol'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { analyticsEvents } from '../db/schema.js'
import { backends, expectFieldError, routeHarness } from '../internal/testing.js'

const legs = await backends('analytics')

const event = (eventId: string, overrides: Record<string, unknown> = {}) => ({
  eventId,
  url: 'https://app.test/shop',
  domain: 'app.test',
  timestamp: 1_763_000_000_000,
  props: { type: 'track', event: 'MODAL_OPEN' },
  ...overrides,
})

/** `{"a":{"a":…{"a":1}…}}` with `depth` objects. */
const nested = (depth: number): unknown => (depth === 0 ? 1 : { a: nested(depth - 1) })

const app = 'https://app.test'

describe.each(legs)('POST /e on $name', (leg) => {
  const harness = routeHarness(leg, {
    projects: [
      { id: 'app', name: 'App', allowedOrigins: [app] },
      { id: 'quiet', name: 'No analytics', allowedOrigins: [app], analyticsEnabled: false },
    ],
  })

  const post = (body: unknown, query = '') =>
    harness.api.request(`/e?projectId=app${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })
  const stored = async (eventId: string) =>
    harness.database.db.select().from(analyticsEvents).where(eq(analyticsEvents.eventId, eventId))
  // An id Postgres cannot hold cannot be looked up either: count every row instead.
  const count = async () => (await harness.database.db.select().from(analyticsEvents)).length

  const postFrom = (body: unknown, query: string, origin?: string) =>
    harness.api.request(`/e?${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(origin ? { origin } : {}) },
      body: JSON.stringify(body),
    })

  it('stores an event once per eventId', async () => {
    for (let i = 0; i < 2; i++) {
      const response = await postFrom(event('ev-1'), 'projectId=app&st=appkit&sv=html-1.0.0', app)
      expect(response.status).toBe(202)
      expect(await response.json()).toEqual({ stored: true })
    }
    const rows = await stored('ev-1')
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      projectId: 'app',
      domain: 'app.test',
      sdkType: 'appkit',
      sdkVersion: 'html-1.0.0',
      origin: app,
    })
    expect(rows[0]!.props).toMatchObject({ event: 'MODAL_OPEN' })
  })

  it('stores nothing for a project with analytics off', async () => {
    const response = await postFrom(event('ev-quiet'), 'projectId=quiet')
    expect(await response.json()).toEqual({ stored: false })
    const rows = await stored('ev-quiet')
    expect(rows).toHaveLength(0)
  })

  it('answers 403 "Invalid App Configuration" to a disallowed origin', async () => {
    const response = await postFrom(event('ev-evil'), 'projectId=app', 'https://evil.test')
    expect(response.status).toBe(403)
    expect(await response.json()).toMatchObject({
      error: 'Invalid App Configuration',
      code: 'INVALID_APP_CONFIGURATION',
    })
  })

  it.each([
    ['no eventId', { url: 'u', domain: 'd', timestamp: 1 }, 'body.eventId'],
    [
      'a timestamp that is no number',
      { eventId: 'x', url: 'u', domain: 'd', timestamp: 'now' },
      'body.timestamp',
    ],
  ] as const)('answers %s with 400 naming the field', async (_, body, field) => {
    await expectFieldError(await post(body), field)
  })

  it.each([
    ['a NUL in eventId', event('nul-\u0000'), 'body.eventId'],
    ['a NUL in url', event('nul-url', { url: 'https://app.test/\u0000' }), 'body.url'],
    ['a NUL in domain', event('nul-domain', { domain: 'app\u0000.test' }), 'body.domain'],
    ['a NUL in a props value', event('nul-value', { props: { event: 'A\u0000' } }), 'body.props.event'],
    ['a NUL in a props key', event('nul-key', { props: { 'a\u0000': 1 } }), 'body.props.a\u0000'],
    ['a lone surrogate in eventId', event('lone-\ud800'), 'body.eventId'],
    [
      'a lone surrogate deep in props',
      event('lone-deep', { props: { list: ['ok', { x: 'x\udc00' }] } }),
      'body.props.list[1].x',
    ],
  ])('refuses %s with 400 and stores nothing', async (_, body, field) => {
    const before = await count()
    const response = await post(body)
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ code: 'INVALID_REQUEST', field })
    expect(await count()).toBe(before)
  })

  it('refuses a NUL in st and sv, which are stored too', async () => {
    for (const query of ['&st=a%00b', '&sv=%00']) {
      const response = await post(event('query-nul'), query)
      expect(response.status, query).toBe(400)
      expect(await response.json()).toMatchObject({ field: query.slice(1, 3) })
    }
    expect(await stored('query-nul')).toEqual([])
  })

  it('refuses props nested thousands deep, and one level past 16', async () => {
    for (const depth of [5_000, 17]) {
      // As text: a value this deep is what a client sends, not something to build and stringify here.
      const props = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`
      const response = await post(
        JSON.stringify(event(`deep-${depth}`)).replace('{"type":"track","event":"MODAL_OPEN"}', props),
      )
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({
        code: 'INVALID_REQUEST',
        error: expect.stringContaining('must not nest deeper than 16 levels'),
      })
      expect(await stored(`deep-${depth}`)).toEqual([])
    }
  })

  it('refuses a timestamp outside what a Date and ISO 8601 hold', async () => {
    const bad = ['8640000000000001', '9007199254740991', '1e400', '-1', '1.5', String(maxTimestampMs + 1)]
    for (const timestamp of bad) {
      const body = JSON.stringify(event('time')).replace('1763000000000', timestamp)
      const response = await post(body)
      expect(response.status, timestamp).toBe(400)
      expect(await response.json()).toMatchObject({ field: 'body.timestamp' })
    }
    expect(await stored('time')).toEqual([])
  })

  it('stores an event at the bounds as sent', async () => {
    const props = { emoji: '👛 ok', deep: nested(15) }
    const response = await post(event('bounds', { timestamp: maxTimestampMs, props }), '&st=appkit&sv=1.0.0')
    expect(response.status).toBe(202)
    const [row] = await stored('bounds')
    expect(row).toMatchObject({ props, sdkType: 'appkit', sdkVersion: '1.0.0' })
    expect(row!.occurredAt.toISOString()).toBe('9999-12-31T23:59:59.999Z')
    expect(harness.logs).toEqual([])
  })
  it('stores a batch in one request, and a retried batch only once', async () => {
    const batch = [event('batch-1'), event('batch-2', { props: { type: 'track', event: 'MODAL_CLOSE' } })]
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await post(batch, '&st=walletframe&sv=0.1.0')
      expect(response.status).toBe(202)
      expect(await response.json()).toEqual({ stored: true })
    }
    expect(await stored('batch-1')).toMatchObject([
      { props: { event: 'MODAL_OPEN' }, sdkType: 'walletframe' },
    ])
    expect(await stored('batch-2')).toMatchObject([{ props: { event: 'MODAL_CLOSE' } }])
  })

  it('refuses an empty batch and one of more than 20 events, storing none of them', async () => {
    const before = await count()
    for (const batch of [[], Array.from({ length: 21 }, (_, i) => event(`big-${i}`))]) {
      const response = await post(batch)
      expect(response.status, `${batch.length} events`).toBe(400)
    }
    expect(await count()).toBe(before)
  })

  it('refuses a batch with one bad event whole, naming its index', async () => {
    const response = await post([event('good'), event('bad-\u0000')])
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ code: 'INVALID_REQUEST' })
    expect(await stored('good')).toEqual([])
  })
})
