import type { FrameEvent } from '@walletframe/protocol'
import {
  FrameUnavailableError,
  InvalidAppConfigurationError,
  ProviderRpcError,
  TimeoutError,
} from '@walletframe/protocol/errors'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import * as Channel from './Channel.js'

const frameOrigin = 'https://frame.test'
const ready = { channel: 'walletframe', type: 'frame:ready', version: 1 }
const config = {
  projectId: 'p',
  networks: ['eip155:1'],
  metadata: { name: 'Demo', url: 'https://demo.test' },
}
const account = { status: 'disconnected', isConnected: false, allAccounts: [] } as const
const initialized = { kind: 'event', event: 'initialized', data: { account, network: { supported: true } } }

/** Reads a MessagePort in order, whether a message came before or after the test asked. */
function reader(port: MessagePort) {
  const buffered: unknown[] = []
  const waiting: ((value: unknown) => void)[] = []
  port.onmessage = (event) => {
    const waiter = waiting.shift()
    if (waiter) waiter(event.data)
    else buffered.push(event.data)
  }
  return {
    next: (): Promise<Record<string, unknown>> =>
      (buffered.length
        ? Promise.resolve(buffered.shift())
        : new Promise<unknown>((resolve) => waiting.push(resolve))) as Promise<Record<string, unknown>>,
    post: (message: unknown) => port.postMessage(message),
    close: () => port.close(),
  }
}

// The checks load once per page; loaded first, the handshake below is heard at once.
beforeAll(() => Channel.loadChecks())

const open: ReturnType<typeof reader>[] = []
const channels: Channel.Channel[] = []
afterEach(() => {
  for (const port of open.splice(0)) port.close()
  for (const channel of channels.splice(0)) channel.destroy()
})

function setup({
  connect = Channel.connect,
  ...options
}: Partial<Channel.Options> & { connect?: typeof Channel.connect } = {}) {
  const host = new EventTarget()
  const frame = { postMessage: vi.fn() }
  const events: FrameEvent[] = []
  const errors: ProviderRpcError[] = []
  const log = { warn: vi.fn() }
  const channel = connect({
    window: host,
    frame: () => frame,
    origin: frameOrigin,
    init: () => ({ config, sdkVersion: '0.1.0' }),
    timeoutMs: 1_000,
    onEvent: (event) => events.push(event),
    onRequest: () => {},
    onError: (error) => errors.push(error),
    log,
    ...options,
  })
  channels.push(channel)
  const post = (data: unknown, from: { origin?: string; source?: unknown } = {}) =>
    host.dispatchEvent(
      Object.assign(new Event('message'), {
        data,
        origin: from.origin ?? frameOrigin,
        source: from.source ?? frame,
      }),
    )
  /** The frame's side: posts frame:ready and takes the port from host:init. */
  const handshake = () => {
    post(ready)
    const port = frame.postMessage.mock.calls.at(-1)?.[2]?.[0] as MessagePort
    const side = reader(port)
    open.push(side)
    return side
  }
  return { channel, host, frame, events, errors, log, post, handshake }
}

describe('the checks of what the frame sends, loaded with import()', () => {
  afterEach(() => {
    vi.doUnmock('./checks.js')
    vi.resetModules()
  })

  /** Channel.js as a page that has not loaded the checks yet sees it. */
  async function fresh() {
    vi.resetModules()
    return (await import('./Channel.js')) as typeof Channel
  }

  it('hears a frame:ready that came before they loaded once they have, and a later one at once', async () => {
    const { connect } = await fresh()
    const { frame, post } = setup({ connect })
    post(ready)
    expect(frame.postMessage).not.toHaveBeenCalled()
    await vi.waitFor(() => expect(frame.postMessage).toHaveBeenCalledOnce())
    expect(frame.postMessage.mock.calls[0]?.[0]).toMatchObject({ type: 'host:init' })
    post(ready)
    expect(frame.postMessage).toHaveBeenCalledTimes(2)
    for (const [, , transfer] of frame.postMessage.mock.calls as unknown as [
      unknown,
      string,
      MessagePort[],
    ][])
      transfer[0]?.close()
  })

  it('drops a frame:ready that waited on them when the channel is destroyed meanwhile', async () => {
    const { connect, loadChecks } = await fresh()
    const { channel, frame, post, errors } = setup({ connect })
    post(ready)
    channel.destroy()
    // The frame:ready waited on the same load: it has had its turn once this resolves.
    await loadChecks()
    expect(frame.postMessage).not.toHaveBeenCalled()
    expect(errors.map((error) => error.message)).toEqual([
      'The wallet frame is not available: the instance was destroyed',
    ])
  })

  it('fails start-up and every call at once when they cannot load, and a later channel loads them again', async () => {
    vi.doMock('./checks.js', () => {
      throw new Error('offline')
    })
    const { connect, loadChecks } = await fresh()
    const { channel, errors } = setup({ connect, timeoutMs: 60_000 })
    // The fresh module graph has its own error classes: the class is checked by name.
    await expect(channel.ready).rejects.toMatchObject({
      name: 'FrameUnavailableError',
      message: expect.stringContaining('the SDK could not load its checks'),
    })
    await expect(channel.request({ method: 'close' })).rejects.toMatchObject({ code: 4900 })
    expect(errors).toHaveLength(1)
    // A channel destroyed before the failure is known reports only that it was destroyed.
    const destroyed = setup({ connect })
    destroyed.channel.destroy()
    await destroyed.channel.ready.catch(() => {})
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(destroyed.errors.map((error) => error.message)).toEqual([
      'The wallet frame is not available: the instance was destroyed',
    ])
    vi.doUnmock('./checks.js')
    await expect(loadChecks()).resolves.toHaveProperty('isFrameToHost')
  })
})

describe('a host CSP that blocks the frame', () => {
  const violation = (blockedURI: string) =>
    Object.assign(new Event('securitypolicyviolation'), { blockedURI })
  const blocked = 'The wallet frame is not available: CSP frame-src blocks it'

  it('fails start-up and every call at once, not at the start-up timeout', async () => {
    const { channel, host, errors } = setup({ timeoutMs: 60_000 })
    // What the page blocks from elsewhere is not the frame's business.
    host.dispatchEvent(violation('https://cdn.example/script.js'))
    expect(errors).toEqual([])
    host.dispatchEvent(violation(`${frameOrigin}/?projectId=p&v=1`))
    await expect(channel.ready).rejects.toThrow(blocked)
    await expect(channel.request({ method: 'close' })).rejects.toMatchObject({ code: 4900, message: blocked })
    expect(errors.map((error) => error.message)).toEqual([blocked])
  })

  it('stops listening once destroyed', () => {
    const { channel, host, errors } = setup()
    channel.destroy()
    host.dispatchEvent(violation(`${frameOrigin}/`))
    expect(errors.map((error) => error.message)).toEqual([
      'The wallet frame is not available: the instance was destroyed',
    ])
  })
})

describe('connect', () => {
  it('answers our frame at its origin with host:init and a MessagePort', () => {
    const { frame, post } = setup()
    post(ready)
    expect(frame.postMessage).toHaveBeenCalledOnce()
    const [message, targetOrigin, transfer] = frame.postMessage.mock.calls[0] as [unknown, string, unknown[]]
    expect(message).toEqual({
      channel: 'walletframe',
      type: 'host:init',
      version: 1,
      config,
      sdkVersion: '0.1.0',
    })
    expect(targetOrigin).toBe(frameOrigin)
    expect(transfer[0]).toBeInstanceOf(MessagePort)
    ;(transfer[0] as MessagePort).close()
  })

  it('reads what host:init carries at each handshake, so a frame that reloads gets the latest', () => {
    let persisted: string | undefined
    const { frame, post } = setup({ init: () => ({ config, sdkVersion: '0.1.0', persisted }) })
    post(ready)
    persisted = 'blob'
    post(ready)
    const sent = frame.postMessage.mock.calls.map(([message, , transfer]) => {
      ;(transfer as MessagePort[])[0]?.close()
      return message
    })
    expect(sent).toEqual([
      expect.objectContaining({ type: 'host:init', persisted: undefined }),
      expect.objectContaining({ type: 'host:init', persisted: 'blob' }),
    ])
  })

  it('ignores frame:ready from another window', () => {
    const { frame, post } = setup()
    post(ready, { source: {} })
    expect(frame.postMessage).not.toHaveBeenCalled()
  })

  it('ignores frame:ready from another origin', () => {
    const { frame, post } = setup()
    post(ready, { origin: 'https://evil.test' })
    expect(frame.postMessage).not.toHaveBeenCalled()
  })

  it('drops a malformed frame:ready from the frame with a warning', () => {
    const { frame, post, log } = setup()
    post({ ...ready, version: '1' })
    expect(frame.postMessage).not.toHaveBeenCalled()
    expect(log.warn).toHaveBeenCalledOnce()
  })

  it('refuses a frame that speaks another protocol version', async () => {
    const { channel, post } = setup()
    post({ ...ready, version: 2 })
    await expect(channel.ready).rejects.toThrow(FrameUnavailableError)
    await expect(channel.request({ method: 'close' })).rejects.toThrow('protocol v2')
  })

  it('queues calls made before the frame initialised and sends them in order after', async () => {
    const { channel, handshake, events } = setup()
    const opened = channel.request({ method: 'open', params: {} })
    const closed = channel.request({ method: 'close' })
    const frame = handshake()
    frame.post(initialized)
    const first = await frame.next()
    const second = await frame.next()
    expect(first).toMatchObject({ kind: 'request', method: 'open', params: {} })
    expect(second).toMatchObject({ kind: 'request', method: 'close' })
    frame.post({ kind: 'response', id: second.id, result: 'closed' })
    frame.post({ kind: 'response', id: first.id, result: 'opened' })
    await expect(opened).resolves.toBe('opened')
    await expect(closed).resolves.toBe('closed')
    await expect(channel.ready).resolves.toBeUndefined()
    expect(events[0]).toEqual(initialized)
  })

  it('rejects with the error the frame answers', async () => {
    const { channel, handshake } = setup()
    const frame = handshake()
    frame.post(initialized)
    const call = channel.request({ method: 'rpc', params: { method: 'personal_sign' } })
    const { id } = await frame.next()
    frame.post({ kind: 'response', id, error: { code: 4001, message: 'User rejected the request.' } })
    await expect(call).rejects.toMatchObject({ code: 4001, message: 'User rejected the request.' })
    await expect(call).rejects.toBeInstanceOf(ProviderRpcError)
  })

  it('surfaces initError: ready, queued and later calls reject with InvalidAppConfigurationError', async () => {
    const { channel, handshake, errors } = setup()
    const queued = channel.request({ method: 'open', params: {} })
    const frame = handshake()
    frame.post({
      kind: 'event',
      event: 'initError',
      data: { code: 4100, message: 'Invalid App Configuration', data: 'Origin not found on Allowlist' },
    })
    await expect(channel.ready).rejects.toThrow(InvalidAppConfigurationError)
    await expect(queued).rejects.toMatchObject({ code: 4100, message: 'Invalid App Configuration' })
    await expect(channel.request({ method: 'close' })).rejects.toMatchObject({
      data: 'Origin not found on Allowlist',
    })
    expect(errors[0]).toBeInstanceOf(InvalidAppConfigurationError)
  })

  it('times out a request the frame does not answer', async () => {
    const { channel, handshake } = setup()
    const frame = handshake()
    frame.post(initialized)
    const call = channel.request({ method: 'disconnect' }, 20)
    await frame.next()
    await expect(call).rejects.toThrow(TimeoutError)
    await expect(call).rejects.toThrow('disconnect, 20 ms')
  })

  it('fails queued calls with a clear error when the frame never starts', async () => {
    const { channel, errors } = setup({ timeoutMs: 20 })
    const call = channel.request({ method: 'open', params: {} })
    await expect(call).rejects.toThrow('The wallet frame is not available: it did not start within 20 ms')
    await expect(channel.ready).rejects.toThrow(FrameUnavailableError)
    expect(errors).toHaveLength(1)
  })

  it('serves calls again when a late frame starts after the start-up timeout', async () => {
    const { channel, handshake } = setup({ timeoutMs: 20 })
    await expect(channel.ready).rejects.toThrow(FrameUnavailableError)
    const frame = handshake()
    frame.post(initialized)
    const call = channel.request({ method: 'close' })
    const { id } = await frame.next()
    frame.post({ kind: 'response', id, result: null })
    await expect(call).resolves.toBeNull()
  })

  it('rejects pending and queued calls on destroy', async () => {
    const { channel } = setup()
    const queued = channel.request({ method: 'open', params: {} })
    channel.destroy()
    await expect(queued).rejects.toThrow('the instance was destroyed')
    await expect(channel.request({ method: 'close' })).rejects.toThrow(FrameUnavailableError)

    const second = setup()
    const frame = second.handshake()
    frame.post(initialized)
    const inFlight = second.channel.request({ method: 'close' })
    await frame.next()
    second.channel.destroy()
    await expect(inFlight).rejects.toThrow(FrameUnavailableError)
  })

  it('drops invalid port messages with a warning and keeps working', async () => {
    const { channel, handshake, log } = setup()
    const frame = handshake()
    frame.post(initialized)
    const call = channel.request({ method: 'close' })
    const { id } = await frame.next()
    for (const junk of [
      null,
      'x',
      { kind: 'response', id, error: 'junk' },
      { kind: 'event', event: 'modal' },
    ])
      frame.post(junk)
    frame.post({ kind: 'response', id, result: 'ok' })
    await expect(call).resolves.toBe('ok')
    expect(log.warn).toHaveBeenCalledTimes(4)
  })

  it('hands every request with a request id to onRequest, flagging (and warning about) invalid ones', async () => {
    const requests: Channel.Incoming[] = []
    const { handshake, log } = setup({ onRequest: (...request) => requests.push(request) })
    const frame = handshake()
    frame.post({ kind: 'request', id: 1, method: 'injected:list' })
    frame.post({ kind: 'request', id: 7, method: 'injected:request', params: { rdns: '' } })
    frame.post({ kind: 'request', id: 8, method: 'wallet:steal' })
    // Without a request id there is nothing to answer: dropped.
    frame.post({ kind: 'request', id: -1, method: 'injected:list' })
    await vi.waitFor(() => expect(log.warn).toHaveBeenCalledTimes(3))
    expect(requests).toEqual([
      [{ kind: 'request', id: 1, method: 'injected:list' }, true],
      [{ kind: 'request', id: 7, method: 'injected:request', params: { rdns: '' } }, false],
      [{ kind: 'request', id: 8, method: 'wallet:steal' }, false],
    ])
  })

  it('posts answers and events to the frame', async () => {
    const { channel, handshake } = setup()
    const frame = handshake()
    expect(channel.post({ kind: 'response', id: 1, result: null })).toBe(true)
    expect(await frame.next()).toEqual({ kind: 'response', id: 1, result: null })
    const event = {
      kind: 'event',
      event: 'injected:event',
      data: { rdns: 'io.wallet', event: 'chainChanged', data: '0x1' },
    } as const
    channel.post(event)
    expect(await frame.next()).toEqual(event)
    // Not cloneable: not sent, and reported.
    expect(channel.post({ kind: 'response', id: 2, result: () => 1 })).toBe(false)
  })

  it('restarts the session on a new frame:ready and rejects calls sent to the old page', async () => {
    const { channel, handshake } = setup()
    const first = handshake()
    first.post(initialized)
    const lost = channel.request({ method: 'close' })
    await first.next()
    const second = handshake()
    await expect(lost).rejects.toThrow('it reloaded')
    second.post(initialized)
    const call = channel.request({ method: 'close' })
    const { id } = await second.next()
    second.post({ kind: 'response', id, result: 1 })
    await expect(call).resolves.toBe(1)
  })

  it('rejects a call whose arguments cannot be cloned, without sending it', async () => {
    const { channel, handshake } = setup()
    const frame = handshake()
    frame.post(initialized)
    await new Promise((resolve) => setTimeout(resolve, 0))
    const call = channel.request({ method: 'rpc', params: { method: 'x', params: [() => 1] } })
    await expect(call).rejects.toMatchObject({ code: -32602 })
  })
})
