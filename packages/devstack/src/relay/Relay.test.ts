import { randomBytes } from 'node:crypto'
import { generateKeyPair, type Keypair, signJWT } from '@walletconnect/relay-auth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { start } from './Relay.js'

type Frame = {
  id?: number | string | null
  method?: string
  params?: { id: string; data: { topic: string; message: string; tag?: number } }
  result?: unknown
  error?: { code: number; message: string }
}

/** A raw protocol client: what the SDK does, one frame at a time. */
async function connect(url: string, options: { keyPair?: Keypair; aud?: string; autoPong?: boolean } = {}) {
  const keyPair = options.keyPair ?? generateKeyPair()
  const jwt = await signJWT('session', options.aud ?? url, 86_400, keyPair)
  const socket = new WebSocket(`${url}?auth=${jwt}`, { autoPong: options.autoPong ?? true })
  const frames: Frame[] = []
  const waiters: Array<() => void> = []
  socket.on('message', (data) => {
    frames.push(JSON.parse(data.toString()))
    for (const wake of waiters.splice(0)) wake()
  })
  await new Promise((resolve, reject) => {
    socket.once('open', resolve)
    socket.once('error', reject)
  })
  let nextId = 1
  /** Resolves with the first (unconsumed) frame that matches. */
  async function next(match: (frame: Frame) => boolean): Promise<Frame> {
    for (;;) {
      const index = frames.findIndex(match)
      if (index >= 0) return frames.splice(index, 1)[0] as Frame
      await new Promise<void>((resolve) => waiters.push(resolve))
    }
  }
  return {
    socket,
    keyPair,
    frames,
    next,
    send: (raw: string | Buffer) => socket.send(raw),
    async call(method: string, params: unknown) {
      const id = nextId++
      socket.send(JSON.stringify({ id, jsonrpc: '2.0', method, params }))
      return next((frame) => frame.id === id && frame.method === undefined)
    },
    push: () => next((frame) => frame.method === 'irn_subscription'),
    ack: (push: Frame) => socket.send(JSON.stringify({ id: push.id, jsonrpc: '2.0', result: true })),
    close: () =>
      new Promise<void>((resolve) => {
        socket.once('close', () => resolve())
        socket.close()
      }),
  }
}

const topic = () => randomBytes(32).toString('hex')

describe('Relay.start', () => {
  let relay: Awaited<ReturnType<typeof start>>
  beforeAll(async () => {
    relay = await start()
  })
  afterAll(async () => {
    await relay.stop()
  })

  it('listens on a loopback ws:// URL and answers a health check over HTTP', async () => {
    expect(relay.url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/)
    const response = await fetch(`${relay.url.replace('ws:', 'http:')}/health`)
    expect(await response.json()).toEqual({ status: 'ok' })
  })

  it('refuses the upgrade with 401 for a missing, forged or foreign auth token', async () => {
    const statusOf = (url: string) =>
      new Promise<number>((resolve, reject) => {
        const socket = new WebSocket(url)
        // With this listener ws leaves the response to us; the relay closes the connection.
        socket.once('unexpected-response', (_request, response) => {
          response.resume()
          resolve(response.statusCode ?? 0)
        })
        socket.once('open', () => reject(new Error('the relay accepted the socket')))
      })
    expect(await statusOf(relay.url)).toBe(401)
    expect(await statusOf(`${relay.url}?auth=garbage`)).toBe(401)
    const foreign = await signJWT('s', 'wss://relay.walletconnect.org', 86_400, generateKeyPair())
    expect(await statusOf(`${relay.url}?auth=${foreign}`)).toBe(401)
    expect(relay.stats().rejected).toBeGreaterThanOrEqual(3)
  })

  it('answers bad frames with JSON-RPC errors and keeps serving the socket', async () => {
    const client = await connect(relay.url)
    const error = async (raw: string | Buffer) => {
      client.send(raw)
      return client.next((frame) => frame.error !== undefined)
    }
    expect(await error('{not json')).toMatchObject({ id: null, error: { code: -32700 } })
    expect(await error(Buffer.from([1, 2, 3]))).toMatchObject({ id: null, error: { code: -32700 } })
    expect(await error('[1,2]')).toMatchObject({ id: null, error: { code: -32600 } })
    expect(await error('{"jsonrpc":"2.0","id":7}')).toMatchObject({ id: 7, error: { code: -32600 } })
    expect(await error('{"jsonrpc":"2.0","method":"irn_subscribe","params":{}}')).toMatchObject({
      id: null,
      error: { code: -32600 },
    })
    expect(await error('{"jsonrpc":"2.0","id":8,"method":"eth_call"}')).toMatchObject({
      id: 8,
      error: { code: -32601 },
    })
    expect(
      await error('{"jsonrpc":"2.0","id":9,"method":"irn_subscribe","params":{"topic":"xyz"}}'),
    ).toMatchObject({
      id: 9,
      error: { code: -32602, message: expect.stringContaining('topic') },
    })
    expect(await client.call('irn_publish', { topic: topic(), message: '', ttl: 60 })).toMatchObject({
      error: { code: -32602 },
    })
    expect(await client.call('irn_subscribe', { topic: topic() })).toMatchObject({
      result: expect.any(String),
    })
    await client.close()
  })

  it('delivers a message published before the subscriber subscribed, once acknowledged', async () => {
    const sender = await connect(relay.url)
    const receiver = await connect(relay.url)
    const shared = topic()
    expect(
      await sender.call('irn_publish', { topic: shared, message: 'early', ttl: 300, tag: 1108 }),
    ).toMatchObject({
      result: true,
    })
    const subscribed = await receiver.call('irn_subscribe', { topic: shared })
    const push = await receiver.push()
    expect(push.params).toEqual({
      id: subscribed.result,
      data: { topic: shared, message: 'early', publishedAt: expect.any(Number), tag: 1108, attestation: '' },
    })
    receiver.ack(push)
    await receiver.close()

    // The same client (same key) reconnecting does not get the acknowledged message again,
    // while a client that never acked does.
    const again = await connect(relay.url, { keyPair: receiver.keyPair })
    await again.call('irn_subscribe', { topic: shared })
    const other = await connect(relay.url)
    await other.call('irn_subscribe', { topic: shared })
    expect((await other.push()).params?.data.message).toBe('early')
    expect(again.frames.filter((frame) => frame.method === 'irn_subscription')).toEqual([])
    await Promise.all([sender.close(), again.close(), other.close()])
  })

  it('never echoes a message to its sender', async () => {
    const sender = await connect(relay.url)
    const receiver = await connect(relay.url)
    const shared = topic()
    await sender.call('irn_subscribe', { topic: shared })
    await receiver.call('irn_subscribe', { topic: shared })
    // Deliveries go out before the publish is answered, so an echo would already be here.
    await sender.call('irn_publish', { topic: shared, message: 'to the peer', ttl: 60 })
    expect((await receiver.push()).params?.data.message).toBe('to the peer')
    expect(sender.frames).toEqual([])
    await Promise.all([sender.close(), receiver.close()])
  })

  it('stops delivering after irn_unsubscribe and serves irn_batchSubscribe / irn_batchFetchMessages', async () => {
    const sender = await connect(relay.url)
    const receiver = await connect(relay.url)
    const [first, second] = [topic(), topic()]
    const batch = await receiver.call('irn_batchSubscribe', { topics: [first, second] })
    expect(batch.result).toHaveLength(2)
    const [firstId] = batch.result as string[]
    expect(await receiver.call('irn_unsubscribe', { topic: first, id: firstId })).toMatchObject({
      result: true,
    })
    await sender.call('irn_publish', { topic: first, message: 'missed', ttl: 60 })
    await sender.call('irn_publish', { topic: second, message: 'live', ttl: 60 })
    expect((await receiver.push()).params?.data.message).toBe('live')
    const fetched = await receiver.call('irn_batchFetchMessages', { topics: [first] })
    expect(fetched.result).toEqual({
      messages: [expect.objectContaining({ topic: first, message: 'missed' })],
      hasMore: false,
    })
    await Promise.all([sender.close(), receiver.close()])
  })

  it('subscribes the sender of wc_proposeSession / wc_approveSession and publishes what they carry', async () => {
    const dapp = await connect(relay.url)
    const wallet = await connect(relay.url)
    const [pairingTopic, sessionTopic] = [topic(), topic()]
    expect(
      await dapp.call('wc_proposeSession', {
        pairingTopic,
        sessionProposal: 'proposal',
        ttl: 300,
        correlationId: 1,
      }),
    ).toMatchObject({ result: true })
    await wallet.call('irn_subscribe', { topic: pairingTopic })
    expect((await wallet.push()).params?.data).toMatchObject({ message: 'proposal', tag: 1100 })

    await wallet.call('wc_approveSession', {
      sessionTopic,
      pairingTopic,
      sessionProposalResponse: 'response',
      sessionSettlementRequest: 'settle',
      ttl: 300,
    })
    // The dapp was subscribed to the pairing topic by its wc_proposeSession.
    expect((await dapp.push()).params?.data).toMatchObject({
      topic: pairingTopic,
      message: 'response',
      tag: 1101,
    })
    await dapp.call('irn_subscribe', { topic: sessionTopic })
    expect((await dapp.push()).params?.data).toMatchObject({
      topic: sessionTopic,
      message: 'settle',
      tag: 1102,
    })
    // And the wallet was subscribed to the session topic by its wc_approveSession.
    await dapp.call('irn_publish', { topic: sessionTopic, message: 'settle-ack', ttl: 300 })
    expect((await wallet.push()).params?.data).toMatchObject({ topic: sessionTopic, message: 'settle-ack' })
    await Promise.all([dapp.close(), wallet.close()])
  })
})

describe('Relay.start pings', () => {
  it('pings clients and drops one that stops answering', async () => {
    const relay = await start({ pingIntervalMs: 20 })
    try {
      const live = await connect(relay.url)
      await new Promise((resolve) => live.socket.once('ping', resolve))
      const silent = await connect(relay.url, { autoPong: false })
      const code = await new Promise<number>((resolve) => silent.socket.once('close', resolve))
      expect(code).toBe(1006)
      expect(live.socket.readyState).toBe(WebSocket.OPEN)
      await live.close()
    } finally {
      await relay.stop()
    }
  })
})
