import { describe, expect, it, vi } from 'vitest'
import { earlyReadySource } from '../../deploy/earlyReady.js'
import { hostPort, init, state } from './channelTesting.js'
import { announce, claim, earlyKey, keptMost } from './earlyReady.js'
import * as HostChannel from './HostChannel.js'

const ready = { channel: 'walletframe', type: 'frame:ready', version: 1 } as const
/** A frame window inside a host page, at `pathname`. */
function frameWindow(pathname = '/') {
  const parent = { postMessage: vi.fn() }
  const fetch = vi.fn(async (_url: string, _init: RequestInit) => Response.json({ apiUrl: 'x' }))
  const self = Object.assign(new EventTarget(), { parent, location: { pathname }, fetch })
  function deliver(data: unknown, source: unknown = parent) {
    const { host, frame, received } = hostPort()
    self.dispatchEvent(
      Object.assign(new Event('message'), { data, source, origin: 'https://host.example', ports: [frame] }),
    )
    return { port: host, received }
  }
  return { self, parent, fetch, deliver }
}

const listen = (self: ReturnType<typeof frameWindow>['self']) =>
  HostChannel.listen({
    window: self as unknown as HostChannel.Options['window'],
    early: claim(self)?.messages,
    handlers: { init: async () => state, request: async () => 'answered' },
  })

describe('announce', () => {
  it('says frame:ready once, and the channel that starts later does not say it again', () => {
    const { self, parent } = frameWindow()
    announce(self, ready, earlyKey, keptMost)
    expect(parent.postMessage).toHaveBeenCalledExactlyOnceWith(ready, '*')
    listen(self)
    expect(parent.postMessage).toHaveBeenCalledOnce()
  })

  it('hands the host:init that came before the app to the channel, which initialises and answers', async () => {
    const { self, deliver } = frameWindow()
    announce(self, ready, earlyKey, keptMost)
    const { port, received } = deliver(init)
    listen(self)
    await vi.waitFor(() => expect(received).toEqual([{ kind: 'event', event: 'initialized', data: state }]))
    // A call the host makes right after `ready` is served by the app.
    port.postMessage({ kind: 'request', id: 1, method: 'open', params: {} })
    await vi.waitFor(() => expect(received[1]).toEqual({ kind: 'response', id: 1, result: 'answered' }))
  })

  it('keeps only the embedding window’s host:init, and only so many', () => {
    const { self, deliver } = frameWindow()
    announce(self, ready, earlyKey, keptMost)
    deliver(init, { postMessage() {} })
    deliver({ ...init, channel: 'other' })
    deliver({ kind: 'request', id: 1, method: 'open' })
    deliver(null)
    for (let i = 0; i < keptMost + 3; i++) deliver(init)
    const kept = claim(self)?.messages
    expect(kept).toHaveLength(keptMost)
    expect(kept?.every((event) => event.data === init)).toBe(true)
  })

  it('stops keeping once the channel has claimed what it kept', () => {
    const { self, deliver } = frameWindow()
    announce(self, ready, earlyKey, keptMost)
    deliver(init)
    expect(claim(self)?.messages).toHaveLength(1)
    deliver(init)
    expect(claim(self)?.messages).toEqual([])
  })

  it('starts fetching the configuration, which the app takes over', async () => {
    const { self, fetch } = frameWindow()
    announce(self, ready, earlyKey, keptMost)
    expect(fetch).toHaveBeenCalledExactlyOnceWith(
      '/frame-config.json',
      expect.objectContaining({ cache: 'no-store' }),
    )
    expect(await (await claim(self)?.config)?.json()).toEqual({ apiUrl: 'x' })
  })

  it('does nothing when the app started first: the channel announced itself', () => {
    const { self, parent, fetch } = frameWindow()
    listen(self)
    expect(parent.postMessage).toHaveBeenCalledOnce()
    announce(self, ready, earlyKey, keptMost)
    expect(parent.postMessage).toHaveBeenCalledOnce()
    expect(fetch).not.toHaveBeenCalled()
  })

  it('says nothing outside a host page or away from the modal', () => {
    const top = Object.assign(new EventTarget(), {
      location: { pathname: '/' },
      fetch: vi.fn(),
      postMessage: vi.fn(),
    })
    const window = Object.assign(top, { parent: top })
    announce(window, ready, earlyKey, keptMost)
    expect(earlyKey in window).toBe(false)
    const popup = frameWindow('/auth/social')
    announce(popup.self, ready, earlyKey, keptMost)
    expect(popup.parent.postMessage).not.toHaveBeenCalled()
    expect(claim(popup.self)).toBeUndefined()
  })

  it('runs as the shipped script text, with the protocol’s frame:ready', async () => {
    const { self, parent, deliver } = frameWindow()
    new Function('window', await earlyReadySource())(self)
    expect(parent.postMessage).toHaveBeenCalledExactlyOnceWith(ready, '*')
    const { received } = deliver(init)
    listen(self)
    await vi.waitFor(() => expect(received).toEqual([{ kind: 'event', event: 'initialized', data: state }]))
  })
})
