// The sender against a real HTTP server on port 0 through the frame's API client: what arrives,
// when, how often, and what a refusal does.
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { AnalyticsBatch } from '@walletframe/protocol'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { TrackEvent } from '../core/analytics.js'
import { create, isTransient } from './analyticsSender.js'
import * as Client from './client.js'

type Received = { url: URL; body: unknown }
const received: Received[] = []
/** Statuses to answer with, in order; 202 once they run out. 'hang' never answers. */
let answers: (number | 'hang')[] = []
let baseUrl = ''

const server = createServer(async (request: IncomingMessage, response) => {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  received.push({
    url: new URL(request.url ?? '/', baseUrl),
    body: JSON.parse(Buffer.concat(chunks).toString()),
  })
  const status = answers.shift() ?? 202
  if (status === 'hang') return
  response.writeHead(status, { 'content-type': 'application/json' })
  response.end(
    JSON.stringify(
      status === 202
        ? { stored: true }
        : { error: 'Invalid App Configuration', code: 'INVALID_APP_CONFIGURATION' },
    ),
  )
})

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => {
  server.closeAllConnections()
  server.close()
})
afterEach(() => {
  received.length = 0
  answers = []
  vi.restoreAllMocks()
})

const connectSuccess: TrackEvent = {
  event: 'CONNECT_SUCCESS',
  properties: { method: 'browser', name: 'Test Wallet' },
}
const modalOpen: TrackEvent = { event: 'MODAL_OPEN', properties: { connected: false } }

function sender(options: Partial<Parameters<typeof create>[0]> = {}) {
  const client = Client.create({
    apiUrl: baseUrl,
    projectId: () => 'project-1',
    sdk: () => ({ type: 'walletframe', version: '0.1.0' }),
    timeoutMs: 500,
  })
  let id = 0
  const onDenied = vi.fn()
  const created = create({
    client,
    hostOrigin: () => 'https://dapp.test',
    enabled: () => true,
    address: () => '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    onDenied,
    batchDelayMs: 20,
    retryDelayMs: 10,
    randomId: () => `event-${++id}`,
    ...options,
  })
  return { ...created, onDenied }
}

describe('create', () => {
  it('sends the events of a moment in one POST /e with projectId, st, sv; each eventId, url, domain, timestamp, props', async () => {
    const analytics = sender()
    analytics.enqueue({ ...modalOpen, timestamp: 1_000 })
    analytics.enqueue({ ...connectSuccess, timestamp: 2_000 })
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 2_000 })
    const [request] = received
    expect(request?.url.pathname).toBe('/e')
    expect(Object.fromEntries(request?.url.searchParams ?? [])).toEqual({
      projectId: 'project-1',
      st: 'walletframe',
      sv: '0.1.0',
    })
    expect(AnalyticsBatch.parse(request?.body)).toEqual([
      {
        eventId: 'event-1',
        url: 'https://dapp.test',
        domain: 'dapp.test',
        timestamp: 1_000,
        props: {
          type: 'track',
          event: 'MODAL_OPEN',
          properties: { connected: false },
          address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
        },
      },
      {
        eventId: 'event-2',
        url: 'https://dapp.test',
        domain: 'dapp.test',
        timestamp: 2_000,
        props: {
          type: 'track',
          event: 'CONNECT_SUCCESS',
          properties: { method: 'browser', name: 'Test Wallet' },
          address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
        },
      },
    ])
  })

  it('returns from enqueue at once while the API does not answer (never blocks the UI)', async () => {
    answers = ['hang', 'hang']
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const analytics = sender()
    const started = performance.now()
    expect(analytics.enqueue({ ...modalOpen, timestamp: 1 })).toBeUndefined()
    expect(performance.now() - started).toBeLessThan(20)
    await analytics.flush()
    // The client's timeout, once more, then dropped.
    expect(received).toHaveLength(2)
    expect(warn).toHaveBeenCalledOnce()
  })

  it('retries a server error once with the same event ids, then drops the batch', async () => {
    answers = [500, 503]
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const analytics = sender()
    analytics.enqueue({ ...modalOpen, timestamp: 1 })
    await analytics.flush()
    expect(received.map((request) => (request.body as { eventId: string }[])[0]?.eventId)).toEqual([
      'event-1',
      'event-1',
    ])
    expect(warn).toHaveBeenCalledOnce()
    // The next event goes out on its own: the dropped one is not carried along.
    analytics.enqueue({ ...connectSuccess, timestamp: 2 })
    await analytics.flush()
    expect(received).toHaveLength(3)
    expect(received[2]?.body).toMatchObject([{ eventId: 'event-2' }])
  })

  it('is stored on the retry when the first attempt fails', async () => {
    answers = [502]
    const analytics = sender()
    analytics.enqueue({ ...modalOpen, timestamp: 1 })
    await analytics.flush()
    expect(received).toHaveLength(2)
    expect(received[1]?.body).toMatchObject([{ eventId: 'event-1' }])
  })

  it('does not retry a refusal of the request itself (400)', async () => {
    answers = [400]
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const analytics = sender()
    analytics.enqueue({ ...modalOpen, timestamp: 1 })
    await analytics.flush()
    expect(received).toHaveLength(1)
  })

  it('reports a 403 once as "Invalid App Configuration" and sends nothing more', async () => {
    answers = [403]
    const analytics = sender()
    analytics.enqueue({ ...modalOpen, timestamp: 1 })
    await analytics.flush()
    expect(analytics.onDenied).toHaveBeenCalledOnce()
    expect(analytics.onDenied.mock.calls[0]?.[0]).toMatchObject({
      status: 403,
      message: 'Invalid App Configuration',
    })
    analytics.enqueue({ ...connectSuccess, timestamp: 2 })
    await analytics.flush()
    expect(received).toHaveLength(1)
    expect(analytics.onDenied).toHaveBeenCalledOnce()
  })

  it('sends nothing while analytics is off or before the host is known', async () => {
    let enabled = false
    let origin: string | undefined = 'https://dapp.test'
    const analytics = sender({ enabled: () => enabled, hostOrigin: () => origin })
    analytics.enqueue({ ...modalOpen, timestamp: 1 })
    enabled = true
    origin = undefined
    analytics.enqueue({ ...modalOpen, timestamp: 2 })
    await analytics.flush()
    expect(received).toEqual([])
  })

  it('splits more than 20 events into batches the API accepts, and sends a full batch at once', async () => {
    const analytics = sender({ batchDelayMs: 60_000 })
    for (let i = 0; i < 25; i++) analytics.enqueue({ ...modalOpen, timestamp: i })
    // The 20th event filled a batch: it left without waiting for the (minute-long) delay.
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 2_000 })
    await analytics.flush()
    expect(received.map((request) => (request.body as unknown[]).length)).toEqual([20, 5])
  })

  it('leaves the address out when no account is connected', async () => {
    const analytics = sender({ address: () => undefined })
    analytics.enqueue({ ...modalOpen, timestamp: 1 })
    await analytics.flush()
    const [batch] = received.map((request) => request.body as { props: object }[])
    expect(batch?.[0]?.props).not.toHaveProperty('address')
  })
})

describe('isTransient', () => {
  it('retries no answer, rate limits and server errors only', () => {
    const error = (status: number) => new Client.ApiError('x', { status })
    expect([0, 429, 500, 503].map((status) => isTransient(error(status)))).toEqual([true, true, true, true])
    expect([400, 401, 403, 413].map((status) => isTransient(error(status)))).toEqual([
      false,
      false,
      false,
      false,
    ])
    expect(isTransient(new Error('x'))).toBe(false)
  })
})
