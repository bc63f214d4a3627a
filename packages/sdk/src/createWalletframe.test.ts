import { HostInit, HostToFrame } from '@walletframe/protocol'
import { InvalidAppConfigurationError, UnrecognizedChainError } from '@walletframe/protocol/errors'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  address,
  base,
  connected,
  destroyInstances,
  disconnected,
  startInstance,
} from './internal/testing.js'

afterEach(destroyInstances)

/** Creates an instance and plays the frame's side of the handshake over the real MessagePort. */
function start() {
  const { instance: wf, ...rest } = startInstance({ networks: ['eip155:1', 'eip155:8453'] })
  return { wf, ...rest }
}

function initialize(frame: ReturnType<typeof start>['frame'], account: unknown = connected) {
  frame.post({ kind: 'event', event: 'initialized', data: { account, network: base } })
}

describe('createWalletframe', () => {
  it('mounts one hidden iframe and sends the host config in host:init', () => {
    const { iframe, init } = start()
    expect(document.querySelectorAll('iframe')).toHaveLength(1)
    expect(iframe.style.visibility).toBe('hidden')
    expect(init).toMatchObject({
      type: 'host:init',
      config: { projectId: 'local-dev', networks: ['eip155:1', 'eip155:8453'] },
      sdkVersion: '0.1.0',
    })
    expect(init).not.toHaveProperty('config.frameUrl')
  })

  it('reports state and network once the frame initialises', async () => {
    const { wf, frame } = start()
    const states = vi.fn()
    wf.subscribeState(states)
    expect(wf.getState()).toMatchObject({ status: 'disconnected', ready: false, error: undefined })
    initialize(frame)
    await wf.ready
    expect(wf.getState()).toMatchObject({ status: 'connected', address, ready: true })
    expect(wf.getNetwork()).toEqual(base)
    expect(states).toHaveBeenLastCalledWith(expect.objectContaining({ isConnected: true }))
  })

  it("replaces the account state with each one the frame reports: none of a disconnected account's fields remain", async () => {
    const { wf, frame } = start()
    initialize(frame, { ...connected, connector: 'injected' })
    await wf.ready
    const states = vi.fn()
    wf.subscribeState(states)
    frame.event('state', disconnected)
    await vi.waitFor(() => expect(states).toHaveBeenCalled())
    expect(wf.getState()).toEqual({ ...disconnected, ready: true, error: undefined })
    expect(states).toHaveBeenLastCalledWith(wf.getState())
  })

  it('shows the iframe while the frame reports the modal open', async () => {
    const { wf, iframe, frame } = start()
    const modal = vi.fn()
    wf.subscribeModal(modal)
    initialize(frame)
    const opened = wf.open({ view: 'Account' })
    expect(await frame.answer()).toMatchObject({ method: 'open', params: { view: 'Account' } })
    await opened
    frame.post({ kind: 'event', event: 'modal', data: { open: true } })
    await vi.waitFor(() => expect(iframe.style.visibility).toBe('visible'))
    frame.post({ kind: 'event', event: 'modal', data: { open: false } })
    await vi.waitFor(() => expect(iframe.style.visibility).toBe('hidden'))
    expect(modal.mock.calls).toEqual([[true], [false]])
  })

  it('serves calls when the frame initialises after the start-up timeout', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      const { wf, frame } = start()
      vi.advanceTimersByTime(2_001)
      await expect(wf.ready).rejects.toThrow('did not start')
      expect(wf.getState().error?.code).toBe(4900)
      initialize(frame)
      await vi.waitFor(() => expect(wf.getState().ready).toBe(true))
      const closing = wf.close()
      expect(await frame.answer()).toMatchObject({ method: 'close' })
      await expect(closing).resolves.toBeNull()
    } finally {
      vi.useRealTimers()
    }
  })

  it('hides the iframe when a frame that had the modal open reinitialises', async () => {
    const { wf, iframe, frame } = start()
    const modal = vi.fn()
    wf.subscribeModal(modal)
    initialize(frame)
    frame.post({ kind: 'event', event: 'modal', data: { open: true } })
    await vi.waitFor(() => expect(iframe.style.visibility).toBe('visible'))
    initialize(frame)
    await vi.waitFor(() => expect(iframe.style.visibility).toBe('hidden'))
    expect(modal.mock.calls).toEqual([[true], [false]])
  })

  it('surfaces Invalid App Configuration in ready, state.error and every call', async () => {
    const { wf, frame } = start()
    frame.post({
      kind: 'event',
      event: 'initError',
      data: { code: 4100, message: 'Invalid App Configuration' },
    })
    await expect(wf.ready).rejects.toThrow(InvalidAppConfigurationError)
    expect(wf.getState().error).toBeInstanceOf(InvalidAppConfigurationError)
    await expect(wf.open()).rejects.toThrow('Invalid App Configuration')
    await expect(wf.provider.request({ method: 'eth_requestAccounts' })).rejects.toMatchObject({ code: 4100 })
  })

  it('answers eth_chainId and eth_accounts from state and forwards the rest as rpc', async () => {
    const { wf, frame } = start()
    initialize(frame)
    await wf.ready
    await expect(wf.provider.request({ method: 'eth_chainId' })).resolves.toBe('0x2105')
    await expect(wf.provider.request({ method: 'eth_accounts' })).resolves.toEqual([address])
    const signed = wf.provider.request({ method: 'personal_sign', params: ['0x68', address] })
    expect(await frame.answer('0xsignature')).toMatchObject({
      method: 'rpc',
      params: { method: 'personal_sign', params: ['0x68', address] },
    })
    await expect(signed).resolves.toBe('0xsignature')
  })

  it('emits EIP-1193 events the frame sends', async () => {
    const { wf, frame } = start()
    const chainChanged = vi.fn()
    wf.provider.on('chainChanged', chainChanged)
    initialize(frame)
    frame.post({ kind: 'event', event: 'eip1193', data: { event: 'chainChanged', data: '0x1' } })
    await vi.waitFor(() => expect(chainChanged).toHaveBeenCalledWith('0x1'))
    await expect(wf.provider.request({ method: 'eth_chainId' })).resolves.toBe('0x1')
  })

  it('rejects switchNetwork to a network the host did not configure', async () => {
    const { wf } = start()
    await expect(wf.switchNetwork('eip155:10')).rejects.toThrow(UnrecognizedChainError)
  })

  it('sends switchNetwork, disconnect and theme changes to the frame', async () => {
    const { wf, frame } = start()
    initialize(frame)
    const calls = [
      wf.switchNetwork('eip155:1'),
      wf.disconnect(),
      wf.setThemeMode('light'),
      wf.setThemeVariables({ '--wf-accent': 'red' }),
    ]
    expect((await frame.answer()).params).toEqual({ caipNetworkId: 'eip155:1' })
    expect((await frame.answer()).method).toBe('disconnect')
    expect((await frame.answer()).params).toEqual({ themeMode: 'light' })
    expect((await frame.answer()).params).toEqual({ themeVariables: { '--wf-accent': 'red' } })
    await Promise.all(calls)
  })

  it('sends a locale change to the frame', async () => {
    const { wf, frame } = start()
    initialize(frame)
    const call = wf.setLocale('pt-BR')
    const request = await frame.answer()
    expect(request.method).toBe('setLocale')
    expect(request.params).toEqual({ locale: 'pt-BR' })
    await call
  })

  it('announces its provider with EIP-6963', () => {
    const seen: CustomEvent[] = []
    const listener = (event: Event) => seen.push(event as CustomEvent)
    window.addEventListener('eip6963:announceProvider', listener)
    const { wf } = start()
    window.removeEventListener('eip6963:announceProvider', listener)
    const ours = seen.find((event) => event.detail.info.rdns === 'app.walletframe')
    expect(ours?.detail.provider).toBe(wf.provider)
    expect(ours?.detail.info.uuid).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    )
  })

  it('destroy removes the iframe and rejects what is pending and what comes after', async () => {
    const { wf, frame } = start()
    initialize(frame)
    const pending = wf.close()
    await frame.next()
    wf.destroy()
    expect(document.querySelector('iframe')).toBeNull()
    await expect(pending).rejects.toThrow('destroyed')
    await expect(wf.open()).rejects.toThrow('destroyed')
    expect(wf.getState().error?.code).toBe(4900)
    // Nothing answers locally either: eth_chainId was known before.
    await expect(wf.provider.request({ method: 'eth_chainId' })).rejects.toThrow('destroyed')
  })

  it('does not raise unhandledrejection for calls nobody awaits', async () => {
    const unhandled = vi.fn()
    process.on('unhandledRejection', unhandled)
    const { wf } = start()
    void wf.switchNetwork('eip155:999')
    wf.destroy()
    void wf.open()
    await new Promise((resolve) => setTimeout(resolve, 20))
    process.off('unhandledRejection', unhandled)
    expect(unhandled).not.toHaveBeenCalled()
  })

  it("runs the frame's calls on a host-page wallet and relays that wallet's events", async () => {
    const listeners = new Map<string, (data: unknown) => void>()
    const provider = {
      request: vi.fn(async () => ['0xabc']),
      on: (event: string, listener: (data: unknown) => void) => listeners.set(event, listener),
      removeListener: (event: string) => listeners.delete(event),
    }
    const info = { uuid: 'u-1', name: 'Wallet', icon: 'data:image/svg+xml,<svg/>', rdns: 'io.wallet' }
    const announceWallet = () =>
      window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info, provider } }))
    window.addEventListener('eip6963:requestProvider', announceWallet)
    try {
      const { wf, frame } = start()
      initialize(frame)
      await wf.ready
      // The bridge loads on the frame's first request for it, and finds wallets announced before.
      frame.post({ kind: 'request', id: 1, method: 'injected:list' })
      expect(await frame.next()).toEqual({ kind: 'response', id: 1, result: [info] })
      frame.post({
        kind: 'request',
        id: 2,
        method: 'injected:request',
        params: { rdns: 'io.wallet', method: 'eth_requestAccounts' },
      })
      expect(await frame.next()).toEqual({ kind: 'response', id: 2, result: ['0xabc'] })
      listeners.get('chainChanged')?.('0x2105')
      const event = await frame.next()
      expect(event).toEqual({
        kind: 'event',
        event: 'injected:event',
        data: { rdns: 'io.wallet', event: 'chainChanged', data: '0x2105' },
      })
      // What the frame parses everything from the host with.
      expect(HostToFrame.safeParse(event).success).toBe(true)
      wf.destroy()
      await vi.waitFor(() => expect(listeners.size).toBe(0))
    } finally {
      window.removeEventListener('eip6963:requestProvider', announceWallet)
    }
  })

  describe('the state blob of a frame whose storage is blocked', () => {
    const key = 'walletframe:local-dev'
    afterEach(() => localStorage.clear())

    it('sends the blob this page holds for the project in host:init', () => {
      localStorage.setItem(key, '{"connector":"walletConnect"}')
      localStorage.setItem('walletframe:another-project', 'not ours')
      const { init } = start()
      expect(init).toMatchObject({ persisted: '{"connector":"walletConnect"}' })
      expect(HostInit.safeParse(init).success).toBe(true)
    })

    it('sends no blob when the page holds none', () => {
      const { init } = start()
      expect((init as { persisted?: unknown }).persisted).toBeUndefined()
      expect(HostInit.safeParse(init).success).toBe(true)
    })

    it('stores the blob of a persist event and removes it on null', async () => {
      const { wf, frame } = start()
      initialize(frame)
      await wf.ready
      frame.post({ kind: 'event', event: 'persist', data: 'v1' })
      await vi.waitFor(() => expect(localStorage.getItem(key)).toBe('v1'))
      frame.post({ kind: 'event', event: 'persist', data: '' })
      await vi.waitFor(() => expect(localStorage.getItem(key)).toBe(''))
      frame.post({ kind: 'event', event: 'persist', data: null })
      await vi.waitFor(() => expect(localStorage.getItem(key)).toBeNull())
    })

    it('hands a frame that reloads the blob it stored', async () => {
      const { wf, frame, reload } = start()
      initialize(frame)
      await wf.ready
      frame.post({ kind: 'event', event: 'persist', data: 'after-connect' })
      await vi.waitFor(() => expect(localStorage.getItem(key)).toBe('after-connect'))
      expect(reload()).toMatchObject({ type: 'host:init', persisted: 'after-connect' })
    })

    for (const [name, storage] of [
      [
        'a page where reading localStorage throws (sandboxed)',
        () => {
          throw new DOMException('The document is sandboxed', 'SecurityError')
        },
      ],
      [
        'storage that refuses every call (blocked, quota exceeded)',
        () =>
          new Proxy(
            {},
            {
              get() {
                throw new DOMException('Access is denied for this document', 'SecurityError')
              },
              set() {
                throw new DOMException('The quota has been exceeded', 'QuotaExceededError')
              },
              deleteProperty() {
                throw new DOMException('Access is denied for this document', 'SecurityError')
              },
            },
          ),
      ],
    ] as const)
      it(`survives ${name}`, async () => {
        const own = Object.getOwnPropertyDescriptor(globalThis, 'localStorage') as PropertyDescriptor
        const get = vi.fn(storage)
        Object.defineProperty(globalThis, 'localStorage', { configurable: true, get })
        try {
          const unhandled = vi.fn()
          process.on('unhandledRejection', unhandled)
          const { wf, iframe, frame, init } = start()
          expect((init as { persisted?: unknown }).persisted).toBeUndefined()
          initialize(frame)
          await wf.ready
          frame.post({ kind: 'event', event: 'persist', data: 'v1' })
          frame.post({ kind: 'event', event: 'persist', data: null })
          // The channel carries on: the next event is handled.
          frame.post({ kind: 'event', event: 'modal', data: { open: true } })
          await vi.waitFor(() => expect(iframe.style.visibility).toBe('visible'))
          process.off('unhandledRejection', unhandled)
          expect(unhandled).not.toHaveBeenCalled()
          // Storage was tried at init and for both events (an error that escaped would fail the run).
          expect(get).toHaveBeenCalledTimes(3)
        } finally {
          Object.defineProperty(globalThis, 'localStorage', own)
        }
      })
  })

  it("answers the frame's request with InternalRpcError when the bridge cannot load", async () => {
    vi.doMock('./Injected.js', () => {
      throw new Error('offline')
    })
    try {
      const { wf, frame } = start()
      initialize(frame)
      await wf.ready
      frame.post({ kind: 'request', id: 1, method: 'injected:list' })
      expect(await frame.next()).toEqual({
        kind: 'response',
        id: 1,
        error: { code: -32603, message: expect.stringContaining('Error') },
      })
    } finally {
      vi.doUnmock('./Injected.js')
    }
  })
})
