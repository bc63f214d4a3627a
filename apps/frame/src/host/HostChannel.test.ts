import { InvalidAppConfigurationError } from '@walletframe/protocol'
import { describe, expect, it, vi } from 'vitest'
import { hostPort, init, state } from './channelTesting.js'
import * as HostChannel from './HostChannel.js'

function setup(handlers: Partial<HostChannel.Handlers> = {}) {
  const parent = { postMessage: vi.fn() }
  const self = Object.assign(new EventTarget(), { parent }) as unknown as HostChannel.Options['window']
  const log = { warn: vi.fn() }
  const channel = HostChannel.listen({
    window: self,
    log,
    handlers: {
      init: handlers.init ?? (async () => state),
      request: handlers.request ?? (async () => 'ok'),
    },
  })
  const { host: port1, frame: port2, received } = hostPort()
  function deliver(
    data: unknown,
    source: unknown = parent,
    origin = 'https://host.example',
    ports = [port2],
  ) {
    ;(self as unknown as EventTarget).dispatchEvent(
      Object.assign(new Event('message'), { data, source, origin, ports }),
    )
  }
  const next = () => vi.waitFor(() => expect(received.length).toBeGreaterThan(0)).then(() => received.shift())
  return { channel, parent, port: port1, deliver, received, next, log }
}

describe('listen', () => {
  it('announces frame:ready to the parent window with target *', () => {
    const { parent } = setup()
    expect(parent.postMessage).toHaveBeenCalledWith(
      { channel: 'walletframe', type: 'frame:ready', version: 1 },
      '*',
    )
  })

  it('accepts host:init from the parent and answers initialized over the port', async () => {
    const { deliver, next, channel } = setup()
    deliver(init)
    expect(await next()).toEqual({ kind: 'event', event: 'initialized', data: state })
    expect(channel.hostOrigin).toBe('https://host.example')
  })

  it('ignores host:init from a window that is not the parent', async () => {
    const { deliver, received, channel } = setup()
    deliver(init, { postMessage() {} })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(received).toEqual([])
    expect(channel.hostOrigin).toBeUndefined()
  })

  it('ignores a malformed host:init and accepts a later valid one', async () => {
    const { deliver, next, log } = setup()
    deliver({ ...init, config: { projectId: '' } })
    deliver(init)
    expect(await next()).toMatchObject({ event: 'initialized' })
    expect(log.warn).toHaveBeenCalled()
  })

  it('answers requests with results and typed errors', async () => {
    const { deliver, next, port } = setup({
      request: async (message) => {
        if (message.method === 'close') throw new InvalidAppConfigurationError('nope')
        return 'opened'
      },
    })
    deliver(init)
    await next()
    port.postMessage({ kind: 'request', id: 1, method: 'open', params: {} })
    expect(await next()).toEqual({ kind: 'response', id: 1, result: 'opened' })
    port.postMessage({ kind: 'request', id: 2, method: 'close' })
    expect(await next()).toEqual({
      kind: 'response',
      id: 2,
      error: { code: 4100, message: 'Invalid App Configuration', data: 'nope' },
    })
  })

  it('answers a malformed request with -32602 and keeps serving', async () => {
    const { deliver, next, port } = setup()
    deliver(init)
    await next()
    port.postMessage({ kind: 'request', id: 7, method: 'rpc', params: { method: 42 } })
    expect(await next()).toMatchObject({ kind: 'response', id: 7, error: { code: -32602 } })
    port.postMessage('garbage')
    port.postMessage({ kind: 'request', id: 8, method: 'close' })
    expect(await next()).toEqual({ kind: 'response', id: 8, result: 'ok' })
  })

  it('refuses every request once init was refused', async () => {
    const { deliver, next, port, channel } = setup({
      init: async () => {
        throw new InvalidAppConfigurationError('Origin not found on Allowlist')
      },
    })
    deliver(init)
    expect(await next()).toEqual({
      kind: 'event',
      event: 'initError',
      data: { code: 4100, message: 'Invalid App Configuration', data: 'Origin not found on Allowlist' },
    })
    port.postMessage({ kind: 'request', id: 1, method: 'open', params: {} })
    expect(await next()).toMatchObject({ id: 1, error: { message: 'Invalid App Configuration' } })
    expect(channel.connected).toBe(false)
  })

  it('sends requests to the host and resolves with its response', async () => {
    const { deliver, next, port, channel } = setup()
    deliver(init)
    await next()
    const answer = channel.request('injected:list')
    const request = (await next()) as { id: number }
    expect(request).toMatchObject({ kind: 'request', method: 'injected:list' })
    port.postMessage({ kind: 'response', id: request.id, result: [] })
    expect(await answer).toEqual([])
    const failing = channel.request('injected:request', { rdns: 'x', method: 'eth_accounts' })
    const second = (await next()) as { id: number }
    port.postMessage({ kind: 'response', id: second.id, error: { code: 4001, message: 'User rejected' } })
    await expect(failing).rejects.toMatchObject({ code: 4001, message: 'User rejected' })
  })
})

describe('re-initialisation', () => {
  it('adopts a new port when the parent initialises again from the same origin', async () => {
    const { deliver, next } = setup()
    deliver(init)
    await next()
    const { host: port1, frame: port2, received: replies } = hostPort()
    deliver(init, undefined, 'https://host.example', [port2])
    await vi.waitFor(() =>
      expect(replies).toContainEqual({ kind: 'event', event: 'initialized', data: state }),
    )
    port1.postMessage({ kind: 'request', id: 3, method: 'close' })
    await vi.waitFor(() => expect(replies).toContainEqual({ kind: 'response', id: 3, result: 'ok' }))
  })

  it('ignores a second init from another origin', async () => {
    const { deliver, next, channel } = setup()
    deliver(init)
    await next()
    const { frame: port2, received: replies } = hostPort()
    deliver(init, undefined, 'https://evil.example', [port2])
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(replies).toEqual([])
    expect(channel.hostOrigin).toBe('https://host.example')
  })
})

describe('a host that has not passed init', () => {
  it('gets nothing run, answered or told while its init is pending or after it was refused', async () => {
    let refuse: (error: Error) => void = () => {}
    const request = vi.fn(async () => 'secret')
    const { deliver, next, port, channel, received } = setup({
      init: () =>
        new Promise((_, reject) => {
          refuse = reject
        }),
      request,
    })
    deliver(init)
    port.postMessage({ kind: 'request', id: 1, method: 'disconnect' })
    expect(await next()).toMatchObject({ kind: 'response', id: 1, error: { code: 4900 } })
    channel.emit('state', { status: 'connected', isConnected: true, allAccounts: [], address: '0xabc' })
    refuse(new InvalidAppConfigurationError('Origin not found on Allowlist'))
    expect(await next()).toMatchObject({ kind: 'event', event: 'initError' })
    channel.emit('state', { status: 'connected', isConnected: true, allAccounts: [], address: '0xabc' })
    port.postMessage({ kind: 'request', id: 2, method: 'open', params: {} })
    expect(await next()).toMatchObject({ id: 2, error: { message: 'Invalid App Configuration' } })
    expect(request).not.toHaveBeenCalled()
    expect(received).toEqual([])
  })

  it('does not answer on a new session what the old one asked', async () => {
    let finish: ((value: unknown) => void) | undefined
    const { deliver, next, port } = setup({
      request: () =>
        new Promise((resolve) => {
          finish = resolve
        }),
    })
    deliver(init)
    await next()
    port.postMessage({ kind: 'request', id: 5, method: 'close' })
    await vi.waitFor(() => expect(finish).toBeDefined())
    const { frame: port2, received: replies } = hostPort()
    deliver(init, undefined, 'https://host.example', [port2])
    await vi.waitFor(() => expect(replies).toContainEqual(expect.objectContaining({ event: 'initialized' })))
    finish?.('late')
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(replies).not.toContainEqual(expect.objectContaining({ kind: 'response', id: 5 }))
  })
})

describe('listen with the early script’s messages', () => {
  it('handles them after the opening code has run, in order, without announcing again', async () => {
    const parent = { postMessage: vi.fn() }
    const self = Object.assign(new EventTarget(), { parent }) as unknown as HostChannel.Options['window']
    const first = hostPort()
    const second = hostPort()
    const heard = (port: MessagePort) =>
      Object.assign(new Event('message'), {
        data: init,
        source: parent,
        origin: 'https://host.example',
        ports: [port],
      }) as unknown as MessageEvent
    const calls: string[] = []
    HostChannel.listen({
      window: self,
      early: [heard(first.frame), heard(second.frame)],
      handlers: {
        init: async () => {
          calls.push('init')
          return state
        },
        request: async () => 'ok',
      },
    })
    calls.push('opened')
    expect(parent.postMessage).not.toHaveBeenCalled()
    // The second host:init replaces the first port, as when heard live.
    await vi.waitFor(() =>
      expect(second.received).toEqual([{ kind: 'event', event: 'initialized', data: state }]),
    )
    expect(calls).toEqual(['opened', 'init', 'init'])
    expect(first.received).toEqual([])
  })
})
