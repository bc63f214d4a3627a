import type { HostEvent, Response } from '@walletframe/protocol'
import {
  InternalRpcError,
  InvalidParamsError,
  ProviderRpcError,
  UnsupportedMethodError,
} from '@walletframe/protocol/errors'
import { afterEach, describe, expect, it, vi } from 'vitest'
import * as Injected from './Injected.js'

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

/**
 * Starts the bridge on this page. What it posts to the frame lands in `events` (the data of each
 * injected:event) and `answers` (responses); `next()` waits for the next answer.
 */
function watch() {
  const events: HostEvent['data'][] = []
  const answers: Response[] = []
  const injected = Injected.watch({
    window,
    post: (message) => (message.kind === 'event' ? events.push(message.data) : answers.push(message)) > 0,
    ProviderRpcError,
  })
  cleanups.push(injected.stop)
  const next = async () => {
    await vi.waitFor(() => expect(answers.length).toBeGreaterThan(0))
    return answers.shift()
  }
  return Object.assign(injected, { events, next })
}

/** An EIP-1193 provider with working on / removeListener, and a way to fire its events. */
function walletProvider(request: () => Promise<unknown> = vi.fn(async () => null)) {
  const listeners = new Map<string, Set<(data: unknown) => void>>()
  return {
    request,
    on(event: string, listener: (data: unknown) => void) {
      listeners.set(event, (listeners.get(event) ?? new Set()).add(listener))
    },
    removeListener(event: string, listener: (data: unknown) => void) {
      listeners.get(event)?.delete(listener)
    },
    fire(event: string, data: unknown) {
      for (const listener of listeners.get(event) ?? []) listener(data)
    },
    listenerCount: () => [...listeners.values()].reduce((count, set) => count + set.size, 0),
  }
}

/** A browser wallet that answers EIP-6963 discovery, as extensions do. */
function installWallet(rdns: string, provider: Record<string, unknown>) {
  const info = { uuid: `uuid-${rdns}`, name: rdns, icon: 'data:image/svg+xml,<svg/>', rdns, extra: 'x' }
  const announce = () =>
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }),
    )
  window.addEventListener('eip6963:requestProvider', announce)
  cleanups.push(() => window.removeEventListener('eip6963:requestProvider', announce))
}

describe('watch', () => {
  it('lists the wallets of the page, without Walletframe itself, with only the info fields', () => {
    installWallet('io.metamask', { request: vi.fn() })
    installWallet('app.walletframe', { request: vi.fn(), isWalletframe: true })
    const injected = watch()
    expect(injected.list()).toEqual([
      {
        uuid: 'uuid-io.metamask',
        name: 'io.metamask',
        icon: 'data:image/svg+xml,<svg/>',
        rdns: 'io.metamask',
      },
    ])
  })

  it('hears wallets that announce later', () => {
    const injected = watch()
    installWallet('com.late', { request: vi.fn() })
    window.dispatchEvent(new Event('eip6963:requestProvider'))
    expect(injected.list().map((wallet) => wallet.rdns)).toEqual(['com.late'])
  })

  it('ignores malformed announcements', () => {
    const injected = watch()
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', { detail: { info: { rdns: 'x' }, provider: {} } }),
    )
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider'))
    expect(injected.list()).toEqual([])
  })
})

describe('request', () => {
  it('runs the call on the chosen wallet and returns its result or its own error', async () => {
    const request = vi.fn(async ({ method }: { method: string }) => {
      if (method === 'eth_requestAccounts') return ['0xabc']
      throw { code: 4001, message: 'User rejected' }
    })
    installWallet('io.metamask', { request })
    const injected = watch()
    await expect(injected.request({ rdns: 'io.metamask', method: 'eth_requestAccounts' })).resolves.toEqual([
      '0xabc',
    ])
    await expect(
      injected.request({ rdns: 'io.metamask', method: 'personal_sign', params: ['0x'] }),
    ).rejects.toEqual({
      code: 4001,
      message: 'User rejected',
    })
    expect(request).toHaveBeenLastCalledWith({ method: 'personal_sign', params: ['0x'] })
  })

  it("rejects an unknown rdns with InvalidParamsError's code", async () => {
    const injected = watch()
    const rejection = injected.request({ rdns: 'com.nope', method: 'eth_accounts' })
    await expect(rejection).rejects.toThrow(ProviderRpcError)
    await expect(rejection).rejects.toMatchObject({ code: new InvalidParamsError('').code })
  })
})

describe('answer', () => {
  it("answers the frame's injected:list and injected:request with their results", async () => {
    installWallet('io.metamask', { request: vi.fn(async () => ['0xabc']) })
    const injected = watch()
    injected.answer({ kind: 'request', id: 1, method: 'injected:list' }, true)
    expect(await injected.next()).toEqual({
      kind: 'response',
      id: 1,
      result: [expect.objectContaining({ rdns: 'io.metamask' })],
    })
    injected.answer(
      {
        kind: 'request',
        id: 2,
        method: 'injected:request',
        params: { rdns: 'io.metamask', method: 'eth_accounts' },
      },
      true,
    )
    expect(await injected.next()).toEqual({ kind: 'response', id: 2, result: ['0xabc'] })
  })

  it('answers with an error when the wallet result cannot cross the port', async () => {
    installWallet('io.metamask', { request: vi.fn(async () => ({ sign: () => 'not data' })) })
    const answers: Response[] = []
    // A real MessagePort throws DataCloneError on a function; the channel's post then says false.
    const post = vi.fn((message: Response) => {
      if ('result' in message && typeof (message.result as { sign?: unknown })?.sign === 'function')
        return false
      answers.push(message)
      return true
    })
    const injected = Injected.watch({
      window,
      post: post as never,
      ProviderRpcError,
    })
    cleanups.push(injected.stop)
    injected.answer(
      {
        kind: 'request',
        id: 3,
        method: 'injected:request',
        params: { rdns: 'io.metamask', method: 'eth_accounts' },
      },
      true,
    )
    await vi.waitFor(() => expect(answers).toHaveLength(1))
    expect(answers[0]).toEqual({
      kind: 'response',
      id: 3,
      error: { code: -32603, message: 'The wallet answered with data that cannot be sent' },
    })
  })

  it("answers with the wallet's own error, and null for a call that returns nothing", async () => {
    const request = vi.fn(async ({ method }: { method: string }) => {
      if (method === 'wallet_watchAsset') return undefined
      throw Object.assign(new Error('User denied'), { code: 4001 })
    })
    installWallet('io.metamask', { request })
    const injected = watch()
    const call = (id: number, method: string) =>
      injected.answer(
        { kind: 'request', id, method: 'injected:request', params: { rdns: 'io.metamask', method } },
        true,
      )
    call(1, 'personal_sign')
    expect(await injected.next()).toEqual({
      kind: 'response',
      id: 1,
      error: { code: 4001, message: 'User denied' },
    })
    call(2, 'wallet_watchAsset')
    expect(await injected.next()).toEqual({ kind: 'response', id: 2, result: null })
  })

  it('answers an unknown rdns with InvalidParamsError and a thrown non-error with InternalRpcError', async () => {
    installWallet('io.odd', {
      request: vi.fn(async () => {
        throw 'odd'
      }),
    })
    const injected = watch()
    injected.answer(
      { kind: 'request', id: 1, method: 'injected:request', params: { rdns: 'com.nope', method: 'x' } },
      true,
    )
    expect(await injected.next()).toEqual({
      kind: 'response',
      id: 1,
      error: new InvalidParamsError('No browser wallet with rdns com.nope in this page').toJSON(),
    })
    injected.answer(
      { kind: 'request', id: 2, method: 'injected:request', params: { rdns: 'io.odd', method: 'x' } },
      true,
    )
    expect(await injected.next()).toEqual({
      kind: 'response',
      id: 2,
      error: new InternalRpcError('Internal error').toJSON(),
    })
  })

  it('answers an invalid request with a typed error: malformed injected:* -32602, other methods 4200', async () => {
    const injected = watch()
    injected.answer({ id: 7, method: 'injected:request', params: { rdns: '' } }, false)
    expect(await injected.next()).toEqual({
      kind: 'response',
      id: 7,
      error: new InvalidParamsError('Invalid injected:request request').toJSON(),
    })
    injected.answer({ id: 8, method: 'wallet:steal' }, false)
    // The bridge builds its errors from their codes (the core does not carry the classes): the wire
    // forms must be the classes'.
    expect(await injected.next()).toEqual({
      kind: 'response',
      id: 8,
      error: new UnsupportedMethodError('wallet:steal').toJSON(),
    })
  })
})

describe('events', () => {
  it('relays accountsChanged, chainChanged and disconnect of a wallet the frame has used', async () => {
    const provider = walletProvider()
    installWallet('io.metamask', provider)
    const injected = watch()
    provider.fire('accountsChanged', ['0xnot-yet-used'])
    expect(injected.events).toEqual([])
    await injected.request({ rdns: 'io.metamask', method: 'eth_requestAccounts' })
    provider.fire('accountsChanged', ['0xabc'])
    provider.fire('chainChanged', '0x1')
    provider.fire('disconnect', Object.assign(new Error('Disconnected'), { code: 4900, data: { x: 1 } }))
    provider.fire('message', { type: 'other' })
    expect(injected.events).toEqual([
      { rdns: 'io.metamask', event: 'accountsChanged', data: ['0xabc'] },
      { rdns: 'io.metamask', event: 'chainChanged', data: '0x1' },
      {
        rdns: 'io.metamask',
        event: 'disconnect',
        data: { code: 4900, message: 'Disconnected', data: { x: 1 } },
      },
    ])
  })

  it('subscribes once per wallet, before its first call, and stop() unsubscribes', async () => {
    const provider = walletProvider(
      vi.fn(async () => {
        // The wallet reports the new accounts while eth_requestAccounts is still pending.
        provider.fire('accountsChanged', ['0xabc'])
        return ['0xabc']
      }),
    )
    installWallet('io.metamask', provider)
    const injected = watch()
    await injected.request({ rdns: 'io.metamask', method: 'eth_requestAccounts' })
    await injected.request({ rdns: 'io.metamask', method: 'eth_accounts' })
    expect(provider.listenerCount()).toBe(3)
    expect(injected.events).toHaveLength(2)
    injected.stop()
    expect(provider.listenerCount()).toBe(0)
    provider.fire('chainChanged', '0x2')
    expect(injected.events).toHaveLength(2)
  })

  it('uses wallets without on() without relaying anything', async () => {
    installWallet('com.minimal', { request: vi.fn(async () => null) })
    const injected = watch()
    await expect(injected.request({ rdns: 'com.minimal', method: 'eth_accounts' })).resolves.toBeNull()
    expect(injected.events).toEqual([])
  })
})
