import { randomBytes, randomUUID } from 'node:crypto'
import { Core } from '@walletconnect/core'
import { generateKeyPair, type Keypair, signJWT } from '@walletconnect/relay-auth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { MemoryStorage } from '../wallet/MemoryStorage.js'
import { start } from './Relay.js'

type Frame = {
  id?: number | string | null
  method?: string
  params?: { id: string; data: { topic: string; message: string; tag?: number } }
  result?: unknown
  error?: { code: number; message: string; data?: string }
}

type ConnectOptions = {
  keyPair?: Keypair
  /** The JWT audience; the URL connected to by default, as the SDK signs it. */
  aud?: string
  autoPong?: boolean
  /** Extra request headers, e.g. another `Host`. */
  headers?: Record<string, string>
}

/** A raw protocol client: what the SDK does, one frame at a time. */
async function connect(url: string, options: ConnectOptions = {}) {
  const keyPair = options.keyPair ?? generateKeyPair()
  const jwt = await signJWT('session', options.aud ?? url, 86_400, keyPair)
  const socket = new WebSocket(`${url}?auth=${jwt}`, {
    autoPong: options.autoPong ?? true,
    ...(options.headers ? { headers: options.headers } : {}),
  })
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

/**
 * Connects with a token for `aud` and resolves with how the relay ended the socket. The hosted
 * relay accepts the WebSocket and then closes it with 3000 and its reason.
 */
async function refusal(url: string, options: { aud?: string; headers?: Record<string, string> } = {}) {
  const jwt =
    options.aud === undefined ? undefined : await signJWT('s', options.aud, 86_400, generateKeyPair())
  return refusalOf(jwt === undefined ? url : `${url}?auth=${jwt}`, options.headers)
}

function refusalOf(url: string, headers?: Record<string, string>) {
  return new Promise<{ code: number; reason: string }>((resolve, reject) => {
    const socket = new WebSocket(url, headers ? { headers } : {})
    socket.once('unexpected-response', (_request, response) =>
      reject(new Error(`the relay answered the upgrade with HTTP ${response.statusCode}`)),
    )
    socket.once('message', () => reject(new Error('the relay sent a frame to a refused socket')))
    socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() }))
    socket.once('error', reject)
  })
}

const invalidAudience = { code: 3000, reason: 'Authorization error: JWT validation error: Invalid audience' }

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

  it("closes the socket with 3000 and the hosted relay's reason for a missing, forged or foreign token", async () => {
    const before = relay.stats().rejected
    expect(await refusalOf(relay.url)).toEqual({ code: 3000, reason: 'Authorization error: Missing JWT' })
    expect(await refusalOf(`${relay.url}?auth=garbage`)).toEqual({
      code: 3000,
      reason: 'Authorization error: JWT validation error: Invalid format',
    })
    expect(await refusal(relay.url, { aud: 'wss://relay.walletconnect.org' })).toEqual(invalidAudience)
    expect(relay.stats().rejected - before).toBe(3)
  })

  it('checks the audience against its own URL, whatever Host the client sends', async () => {
    const { port } = relay
    // The relay's URL is ws://127.0.0.1:PORT. A client that reached it under another name
    // (Host: localhost:PORT) but was configured with the relay's URL is let in...
    const client = await connect(relay.url, { headers: { host: `localhost:${port}` } })
    expect(await client.call('irn_subscribe', { topic: topic() })).toMatchObject({
      result: expect.any(String),
    })
    await client.close()
    // ...while a token that names the Host it sent, and not the relay's URL, is refused: the
    // Host header is the client's word and proves nothing.
    expect(
      await refusal(relay.url, { aud: `ws://localhost:${port}`, headers: { host: `localhost:${port}` } }),
    ).toEqual(invalidAudience)
    expect(await refusal(relay.url, { aud: 'ws://evil.test', headers: { host: 'evil.test' } })).toEqual(
      invalidAudience,
    )
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
    // Long enough that the live client's pong always arrives within one interval on a busy machine
    // (the unit tests run beside the end-to-end specs); short enough to keep the test quick.
    const relay = await start({ pingIntervalMs: 300 })
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

describe('Relay.start publicUrl', () => {
  it('takes its configured public URL as the audience and hands it out as url', async () => {
    const relay = await start({ publicUrl: 'ws://relay.test:4444' })
    try {
      expect(relay.url).toBe('ws://relay.test:4444')
      const direct = `ws://127.0.0.1:${relay.port}`
      const client = await connect(direct, { aud: relay.url })
      expect(await client.call('irn_subscribe', { topic: topic() })).toMatchObject({
        result: expect.any(String),
      })
      await client.close()
      // The address it listens on is not a name clients were given.
      expect(await refusal(direct, { aud: direct })).toEqual(invalidAudience)
    } finally {
      await relay.stop()
    }
  })
})

describe('Relay.start limits', () => {
  const mailboxLimitExceeded = {
    code: -32000,
    message: 'Request handler error: Mailbox limit exceeded',
    data: 'MailboxLimitExceeded',
  }

  it("answers an over-quota publish with the hosted relay's MailboxLimitExceeded, until the mail is read", async () => {
    const relay = await start({ limits: { maxMessages: 2, maxBytes: 1024 } })
    try {
      const sender = await connect(relay.url)
      const receiver = await connect(relay.url)
      const shared = topic()
      await receiver.call('irn_subscribe', { topic: shared })
      await receiver.close()
      // The receiver is away: its mail waits, up to two messages.
      for (const message of ['one', 'two']) {
        expect(await sender.call('irn_publish', { topic: shared, message, ttl: 300 })).toMatchObject({
          result: true,
        })
      }
      expect(await sender.call('irn_publish', { topic: shared, message: 'three', ttl: 300 })).toMatchObject({
        error: mailboxLimitExceeded,
      })
      // The byte cap holds on a topic nobody has subscribed to yet as well.
      expect(
        await sender.call('irn_publish', { topic: topic(), message: 'x'.repeat(1025), ttl: 300 }),
      ).toMatchObject({ error: mailboxLimitExceeded })
      // And the wc_* shortcuts publish under the same caps.
      expect(
        await sender.call('wc_proposeSession', {
          pairingTopic: topic(),
          sessionProposal: 'x'.repeat(1025),
          ttl: 300,
        }),
      ).toMatchObject({ error: mailboxLimitExceeded })

      // The receiver comes back and acknowledges its mail: there is room again.
      const back = await connect(relay.url, { keyPair: receiver.keyPair })
      await back.call('irn_subscribe', { topic: shared })
      for (let i = 0; i < 2; i++) back.ack(await back.push())
      // Frames on one socket are handled in order: once this is answered, the acks are in.
      await back.call('irn_subscribe', { topic: topic() })
      expect(await sender.call('irn_publish', { topic: shared, message: 'three', ttl: 300 })).toMatchObject({
        result: true,
      })
      expect((await back.push()).params?.data.message).toBe('three')
      await Promise.all([sender.close(), back.close()])
    } finally {
      await relay.stop()
    }
  })

  it('refuses a TTL above its maximum with TtlTooLong', async () => {
    const relay = await start({ limits: { maxTtlSeconds: 3600 } })
    try {
      const sender = await connect(relay.url)
      expect(await sender.call('irn_publish', { topic: topic(), message: 'm', ttl: 3601 })).toMatchObject({
        error: { code: -32000, message: 'Request handler error: TTL too long', data: 'TtlTooLong' },
      })
      expect(await sender.call('irn_publish', { topic: topic(), message: 'm', ttl: 3600 })).toMatchObject({
        result: true,
      })
      await sender.close()
    } finally {
      await relay.stop()
    }
  })

  it('never delivers a message whose TTL has passed (on an injected clock)', async () => {
    let now = Date.now()
    const relay = await start({ now: () => now })
    try {
      const sender = await connect(relay.url)
      const shared = topic()
      await sender.call('irn_publish', { topic: shared, message: 'expired', ttl: 300 })
      await sender.call('irn_publish', { topic: shared, message: 'still here', ttl: 600 })
      now += 300_000
      const receiver = await connect(relay.url)
      await receiver.call('irn_subscribe', { topic: shared })
      expect((await receiver.push()).params?.data.message).toBe('still here')
      // Pushes for a subscription follow its answer at once; a round trip later there is no other.
      expect(await receiver.call('irn_batchFetchMessages', { topics: [topic()] })).toMatchObject({
        result: { messages: [] },
      })
      expect(receiver.frames.filter((frame) => frame.method === 'irn_subscription')).toEqual([])
      expect(relay.stats().messages).toBe(1)
      await Promise.all([sender.close(), receiver.close()])
    } finally {
      await relay.stop()
    }
  })
})

describe('Relay.start with the WalletConnect SDK', () => {
  it('refuses a core whose token names another relay, and core takes it as fatal instead of retrying', async () => {
    // The relay answers to ws://relay.test:1 only; this core connects (and signs) by address.
    const relay = await start({ publicUrl: 'ws://relay.test:1' })
    const storagePrefix = `walletframe-relay-test-${randomUUID()}`
    const core = new Core({
      projectId: 'walletframe-devstack',
      relayUrl: `ws://127.0.0.1:${relay.port}`,
      storage: new MemoryStorage(),
      customStoragePrefix: storagePrefix,
      telemetryEnabled: false,
      logger: 'silent',
    })
    try {
      await core.start()
      const fatal = new Promise<Error>((resolve) => core.relayer.once('relayer_error', resolve))
      // Subscribing opens the socket; it never completes here, only the error matters.
      core.relayer.subscribe(topic()).catch(() => {})
      expect((await fatal).message).toBe(
        'WebSocket connection closed abnormally with code: 3000 (Authorization error: JWT validation error: Invalid audience)',
      )
      // The relayer closed its transport for good: no reconnect loop with the same token.
      expect(core.relayer.transportExplicitlyClosed).toBe(true)
      expect(relay.stats()).toMatchObject({ rejected: 1, clients: 0 })
    } finally {
      core.heartbeat.stop()
      await core.relayer.transportClose().catch(() => {})
      const global = globalThis as Record<string, unknown>
      delete global[`_walletConnectCore_${storagePrefix}`]
      delete global[`_walletConnectCore_${storagePrefix}_count`]
      await relay.stop()
    }
  })
})
