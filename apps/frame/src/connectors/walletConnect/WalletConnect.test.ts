import type { SessionTypes } from '@walletconnect/types'
import { evmNetwork } from '@walletframe/protocol/testing'
import type { RegistryWallet } from '@walletframe/protocol/walletRegistry'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as Storage from '../../storage/Storage.js'
import type { Connection, Event, PendingRequest } from '../Connector.js'
import * as RecentWallets from './internal/recentWallets.js'
import type { SignClient } from './internal/signClient.js'
import { create } from './WalletConnect.js'

const metamask: RegistryWallet = {
  id: 'metamask',
  name: 'MetaMask',
  imageUrl: 'data:,',
  universalLink: 'https://metamask.app.link',
  chains: [],
}
const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const methods = ['personal_sign', 'eth_sendTransaction', 'wallet_switchEthereumChain']

/** A session as the wallet approves it: `accounts` (CAIP-10) on their chains, with `methods`. */
function approvedSession(accounts: readonly string[], topic = 'session-1'): SessionTypes.Struct {
  return {
    topic,
    acknowledged: true,
    expiry: Math.floor(Date.now() / 1000) + 7 * 24 * 3600,
    namespaces: {
      eip155: { accounts: [...accounts], methods, events: ['accountsChanged', 'chainChanged'] },
    },
    peer: {
      publicKey: 'wallet-key',
      metadata: { name: 'MetaMask', description: '', url: 'https://metamask.io', icons: [] },
    },
  } as unknown as SessionTypes.Struct
}

const onMainnet = approvedSession([`eip155:1:${address}`, `eip155:8453:${address}`])
const connection: Connection = {
  accounts: [`eip155:1:${address}`, `eip155:8453:${address}`],
  network: 'eip155:1',
}

type Listener = (payload: never) => void

/** sign-client with its wallet and relay side driven by the test: approve(), emit(), relay(). */
function fakeSignClient() {
  const events = new Map<string, Set<Listener>>()
  const relayEvents = new Map<string, Set<Listener>>()
  const listen = (map: Map<string, Set<Listener>>) => (event: string, listener: Listener) => {
    map.set(event, (map.get(event) ?? new Set()).add(listener))
  }
  const stored: SessionTypes.Struct[] = []
  let approve: (session: SessionTypes.Struct) => void = () => {}
  let decline: (error: Error) => void = () => {}
  let count = 0
  const relayer = {
    connected: true,
    on: listen(relayEvents),
    off: (event: string, listener: Listener) => void relayEvents.get(event)?.delete(listener),
    transportOpen: vi.fn(async () => {}),
  }
  const signClient = {
    connect: vi.fn(async (_params: unknown) => {
      count++
      const approval = new Promise<SessionTypes.Struct>((resolve, reject) => {
        approve = resolve
        decline = reject
      })
      return { uri: `wc:t${count}@2?relay-protocol=irn`, approval: () => approval }
    }),
    request: vi.fn(async (_params: unknown): Promise<unknown> => '0xsig'),
    disconnect: vi.fn(async (_params: unknown) => {}),
    on: listen(events),
    session: { getAll: () => stored, update: vi.fn(async () => ({})) },
    core: { relayer },
  }
  const fire = (map: Map<string, Set<Listener>>, event: string, payload: unknown) => {
    for (const listener of map.get(event) ?? []) listener(payload as never)
  }
  return {
    signClient,
    stored,
    approve: (session: SessionTypes.Struct) => approve(session),
    decline: (error: Error) => decline(error),
    emit: (event: string, payload: unknown) => fire(events, event, payload),
    relay(connected: boolean) {
      relayer.connected = connected
      fire(relayEvents, connected ? 'relayer_connect' : 'relayer_disconnect', undefined)
    },
  }
}

function setup() {
  const fake = fakeSignClient()
  const storage = Storage.memory()
  const track = vi.fn()
  const loadSignClient = vi.fn(async () => fake.signClient as unknown as SignClient)
  const connector = create({
    config: { projectId: 'wc-project', relayUrl: 'ws://127.0.0.1:9' },
    projectId: 'p1',
    metadata: { name: 'Host', description: '', url: 'https://host.example', icons: [] },
    storage,
    networks: () => ({ available: [evmNetwork(1, 'Ethereum')], active: 'eip155:1' }),
    track,
    switchUpdateTimeoutMs: 1_000,
    loadSignClient,
  })
  const { pairing } = connector
  const events: Event[] = []
  connector.subscribe((event) => events.push(event))
  const pending = () =>
    events.filter((event) => event.type === 'pendingRequests').at(-1)?.requests as readonly PendingRequest[]
  /** Connects through the QR code with `session` approved. */
  async function connect(session = onMainnet) {
    await pairing.start()
    fake.approve(session)
    await vi.advanceTimersByTimeAsync(0)
  }
  return { fake, storage, track, connector, pairing, events, pending, loadSignClient, connect }
}

describe('create', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('refuses requests before a session exists, without loading sign-client', async () => {
    const { connector, loadSignClient, pending } = setup()
    await expect(
      connector.request({ method: 'personal_sign', params: [], network: 'eip155:1' }),
    ).rejects.toMatchObject({ code: 4900, message: 'Please call connect() before request()' })
    expect(loadSignClient).not.toHaveBeenCalled()
    expect(pending()).toEqual([])
    expect(connector.walletApp?.()).toBeUndefined()
  })

  it('a QR connect reports a connect event with method qrcode and the wallet name', async () => {
    const { fake, pairing, events } = setup()
    await pairing.start()
    expect(pairing.state.get()).toMatchObject({ status: 'connecting', wcUri: 'wc:t1@2?relay-protocol=irn' })
    fake.approve(onMainnet)
    await vi.advanceTimersByTimeAsync(0)
    expect(pairing.state.get()).toMatchObject({ status: 'connected', wcUri: undefined })
    expect(events).toContainEqual({ type: 'connect', connection, method: 'qrcode', walletName: 'MetaMask' })
  })

  it("proposes the host's networks as optional namespaces", async () => {
    const { fake, pairing } = setup()
    await pairing.start()
    expect(fake.signClient.connect).toHaveBeenCalledWith({
      optionalNamespaces: { eip155: expect.objectContaining({ chains: ['eip155:1'] }) },
    })
  })

  it('a deep-link connect stores the link and the recent wallet and reports method mobile', async () => {
    const { fake, pairing, storage, events, track, connector } = setup()
    await pairing.start(metamask)
    const href = pairing.openWallet(metamask)
    expect(href).toBe(`https://metamask.app.link/wc?uri=${encodeURIComponent('wc:t1@2?relay-protocol=irn')}`)
    expect(track).toHaveBeenCalledWith('SELECT_WALLET', { name: 'MetaMask', platform: 'mobile' })
    fake.approve(onMainnet)
    await vi.advanceTimersByTimeAsync(0)
    expect(JSON.parse(storage.getItem(RecentWallets.deepLinkKey) ?? '{}')).toEqual({ name: 'MetaMask', href })
    expect(RecentWallets.load(storage).map((wallet) => wallet.id)).toEqual(['metamask'])
    expect(pairing.recent.get().map((wallet) => wallet.id)).toEqual(['metamask'])
    expect(pairing.state.get().recentWallet?.id).toBe('metamask')
    expect(events).toContainEqual({ type: 'connect', connection, method: 'mobile', walletName: 'MetaMask' })
    expect(pairing.walletLink()).toEqual({ name: 'MetaMask', href: 'https://metamask.app.link/wc' })
    // The request view offers the same app for calls that wait in it.
    expect(connector.walletApp?.()).toEqual({ name: 'MetaMask', href: 'https://metamask.app.link/wc' })
  })

  it('offers no deep link once the pairing is about to expire', async () => {
    const { pairing } = setup()
    await pairing.start(metamask)
    vi.setSystemTime(Date.now() + 4 * 60_000 - 5_000)
    expect(pairing.openWallet(metamask)).toBeUndefined()
  })

  it('the wallet ending the session resets the state, cancels waiting requests and reports a disconnect', async () => {
    const { fake, pairing, connector, storage, events, pending } = setup()
    await pairing.start(metamask)
    pairing.openWallet(metamask)
    fake.approve(onMainnet)
    await vi.advanceTimersByTimeAsync(0)
    fake.signClient.request.mockImplementationOnce(() => new Promise(() => {}))
    const waiting = connector.request({
      method: 'personal_sign',
      params: ['0x00', address],
      network: 'eip155:1',
    })
    expect(pending().map((request) => request.method)).toEqual(['personal_sign'])
    fake.emit('session_delete', { topic: onMainnet.topic })
    await expect(waiting).rejects.toMatchObject({ code: 4001 })
    expect(pending()).toEqual([])
    expect(events.at(-1)).toEqual({ type: 'disconnect', reason: 'ended' })
    expect(pairing.state.get().status).toBe('disconnected')
    expect(storage.getItem(RecentWallets.deepLinkKey)).toBeNull()
    expect(pairing.walletLink()).toBeUndefined()
    // Recent wallets outlive the session: they are for the next connect.
    expect(pairing.recent.get().map((wallet) => wallet.id)).toEqual(['metamask'])
    await expect(
      connector.request({ method: 'personal_sign', params: [], network: 'eip155:1' }),
    ).rejects.toMatchObject({ code: 4900 })
  })

  it('reports an expired session as a disconnect with reason expired', async () => {
    const { fake, events, connect } = setup()
    await connect()
    fake.emit('session_expire', { topic: onMainnet.topic })
    expect(events).toContainEqual({ type: 'disconnect', reason: 'expired' })
  })

  it("ignores the end of a session that is not the frame's", async () => {
    const { fake, events, connect } = setup()
    await connect()
    fake.emit('session_delete', { topic: 'someone-else' })
    expect(events.filter((event) => event.type === 'disconnect')).toEqual([])
  })

  it('forwards account and chain changes', async () => {
    const { fake, events, connect } = setup()
    await connect(approvedSession([`eip155:1:${address}`, `eip155:1:${other}`]))
    events.length = 0
    fake.emit('session_event', {
      topic: 'session-1',
      params: { chainId: 'eip155:1', event: { name: 'accountsChanged', data: [other] } },
    })
    fake.emit('session_event', {
      topic: 'session-1',
      params: { chainId: 'eip155:1', event: { name: 'chainChanged', data: 8453 } },
    })
    expect(events).toEqual([
      // The account the wallet announced is the selected one: first of its namespace.
      { type: 'accountsChanged', accounts: [`eip155:1:${other}`, `eip155:1:${address}`] },
      { type: 'chainChanged', network: 'eip155:8453' },
    ])
    // Kept in sign-client's store, so a reload restores the account the wallet last announced.
    expect(fake.signClient.session.update).toHaveBeenCalledWith('session-1', {
      namespaces: expect.objectContaining({
        eip155: expect.objectContaining({ accounts: [`eip155:1:${other}`, `eip155:1:${address}`] }),
      }),
    })
  })

  it('reports the relay dropping and coming back as transport events', async () => {
    const { fake, events, pairing } = setup()
    pairing.preload()
    await vi.advanceTimersByTimeAsync(0)
    fake.relay(false)
    fake.relay(true)
    expect(events).toEqual([
      { type: 'transport', connected: false, via: 'the WalletConnect relay' },
      { type: 'transport', connected: true, via: 'the WalletConnect relay' },
    ])
  })

  it('keeps reconnecting to the relay every 5 s while a session exists', async () => {
    const { fake, connect } = setup()
    await connect()
    fake.relay(false)
    await vi.advanceTimersByTimeAsync(5_000)
    expect(fake.signClient.core.relayer.transportOpen).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(5_000)
    expect(fake.signClient.core.relayer.transportOpen).toHaveBeenCalledTimes(2)
    fake.relay(true)
    await vi.advanceTimersByTimeAsync(10_000)
    expect(fake.signClient.core.relayer.transportOpen).toHaveBeenCalledTimes(2)
  })

  it('restores a stored session without user action', async () => {
    const { fake, connector, pairing } = setup()
    fake.stored.push(onMainnet)
    await expect(connector.reconnect()).resolves.toEqual(connection)
    expect(pairing.state.get().status).toBe('connected')
  })

  it('restores nothing when there is no stored session', async () => {
    const { connector, pairing } = setup()
    await expect(connector.reconnect()).resolves.toBeUndefined()
    expect(pairing.state.get().status).toBe('disconnected')
  })

  it('leaving the QR view stops the attempt and returns to disconnected', async () => {
    const { pairing, fake, events } = setup()
    await pairing.start()
    pairing.stop()
    expect(pairing.state.get()).toMatchObject({ status: 'disconnected', wcUri: undefined })
    fake.approve(onMainnet)
    await vi.advanceTimersByTimeAsync(0)
    expect(events.filter((event) => event.type === 'connect')).toEqual([])
    // The wallet approved a URI no longer on screen: its session is ended at once.
    expect(fake.signClient.disconnect).toHaveBeenCalledWith({
      topic: onMainnet.topic,
      reason: { code: 6000, message: 'Pairing replaced' },
    })
  })

  it('reports a failed pairing as CONNECT_ERROR and shows it', async () => {
    const { pairing, fake, track } = setup()
    await pairing.start()
    fake.decline(new Error('Proposal declined'))
    await vi.advanceTimersByTimeAsync(0)
    expect(pairing.state.get().wcError).toBe('Proposal declined')
    expect(track).toHaveBeenCalledWith('CONNECT_ERROR', { message: 'Proposal declined' })
  })

  it('passes the network of a request through to sign-client', async () => {
    const { fake, connector, connect } = setup()
    await connect()
    const params = ['0x00', address]
    await expect(
      connector.request({ method: 'personal_sign', params, network: 'eip155:8453' }),
    ).resolves.toBe('0xsig')
    expect(fake.signClient.request).toHaveBeenCalledWith({
      topic: onMainnet.topic,
      chainId: 'eip155:8453',
      request: { method: 'personal_sign', params },
    })
  })

  it('refuses a method the wallet did not approve with 4200', async () => {
    const { fake, connector, connect } = setup()
    await connect()
    await expect(
      connector.request({ method: 'eth_signTypedData_v4', params: [], network: 'eip155:1' }),
    ).rejects.toMatchObject({ code: 4200 })
    expect(fake.signClient.request).not.toHaveBeenCalled()
  })

  it('says call status was not approved when the session left out wallet_getCallsStatus', async () => {
    const { fake, connector, connect } = setup()
    await connect()
    await expect(
      connector.request({ method: 'wallet_getCallsStatus', params: ['0x01'], network: 'eip155:1' }),
    ).rejects.toMatchObject({ code: 4200, message: 'Fetching call status not approved by the wallet' })
    expect(fake.signClient.request).not.toHaveBeenCalled()
  })

  describe('wallet_getCapabilities', () => {
    const announced = {
      '0x1': { atomic: { status: 'supported' } },
      '0x2105': { atomic: { status: 'ready' } },
    }
    /** The session as a wallet approves it with its capabilities in sessionProperties. */
    const withCapabilities = (capabilities: unknown, sessionMethods = methods) => {
      const session = approvedSession([`eip155:1:${address}`, `eip155:8453:${address}`])
      return {
        ...session,
        namespaces: { eip155: { ...session.namespaces.eip155!, methods: sessionMethods } },
        sessionProperties: { capabilities: JSON.stringify(capabilities) },
      } as SessionTypes.Struct
    }

    it("answers from the session's capabilities for the address without asking the wallet", async () => {
      const { fake, connector, connect, pending, events } = setup()
      await connect(withCapabilities({ [address.toLowerCase()]: announced }))
      const before = events.length
      await expect(
        connector.request({ method: 'wallet_getCapabilities', params: [address], network: 'eip155:1' }),
      ).resolves.toEqual(announced)
      await expect(
        connector.request({
          method: 'wallet_getCapabilities',
          params: [address, ['0x2105']],
          network: 'eip155:1',
        }),
      ).resolves.toEqual({ '0x2105': { atomic: { status: 'ready' } } })
      expect(fake.signClient.request).not.toHaveBeenCalled()
      // Nothing waited for the wallet app.
      expect(events.slice(before)).toEqual([])
      expect(pending() ?? []).toEqual([])
    })

    it('asks the wallet when the session announces nothing for the address', async () => {
      const { fake, connector, connect } = setup()
      await connect(withCapabilities({ [other]: announced }, [...methods, 'wallet_getCapabilities']))
      fake.signClient.request.mockResolvedValueOnce({ '0x1': { atomic: { status: 'unsupported' } } })
      await expect(
        connector.request({ method: 'wallet_getCapabilities', params: [address], network: 'eip155:1' }),
      ).resolves.toEqual({ '0x1': { atomic: { status: 'unsupported' } } })
      expect(fake.signClient.request).toHaveBeenCalledWith({
        topic: 'session-1',
        chainId: 'eip155:1',
        request: { method: 'wallet_getCapabilities', params: [address] },
      })
    })

    it('refuses a request without an address (-32602), in the words dapps match on', async () => {
      const { fake, connector, connect } = setup()
      await connect(withCapabilities({ [address]: announced }))
      for (const params of [undefined, [], [42], ['not an address']])
        await expect(
          connector.request({ method: 'wallet_getCapabilities', params, network: 'eip155:1' }),
        ).rejects.toMatchObject({ code: -32602 })
      await expect(
        connector.request({ method: 'wallet_getCapabilities', params: [], network: 'eip155:1' }),
      ).rejects.toMatchObject({ message: 'The capabilities request needs an address parameter' })
      expect(fake.signClient.request).not.toHaveBeenCalled()
    })

    it("refuses another address's capabilities (4100) even when the session announces them", async () => {
      const { fake, connector, connect } = setup()
      await connect(withCapabilities({ [address]: announced, [other]: announced }))
      await expect(
        connector.request({ method: 'wallet_getCapabilities', params: [other], network: 'eip155:1' }),
      ).rejects.toMatchObject({ code: 4100 })
      expect(fake.signClient.request).not.toHaveBeenCalled()
    })
  })

  it("reads call status from the bundler the session names, without the wallet's approval; else 'not approved by the wallet'", async () => {
    const { fake, connector, connect } = setup()
    const session = { ...onMainnet, sessionProperties: { bundler_url: 'https://bundler.wallet.example/rpc' } }
    await connect(session as SessionTypes.Struct)
    const fetch = vi.fn(async (_url: string, _init: RequestInit) =>
      Response.json({ jsonrpc: '2.0', id: 1, result: null }),
    )
    vi.stubGlobal('fetch', fetch)
    try {
      const id = `0x${'a'.repeat(64)}`
      await expect(
        connector.request({ method: 'wallet_getCallsStatus', params: [id], network: 'eip155:1' }),
      ).resolves.toEqual({ version: '2.0.0', id, chainId: '0x1', status: 100, atomic: true })
      expect(fetch.mock.calls[0]?.[0]).toBe('https://bundler.wallet.example/rpc')
      expect(JSON.parse(String(fetch.mock.calls[0]?.[1].body))).toMatchObject({
        method: 'eth_getUserOperationReceipt',
        params: [id],
      })
      // A bundler that does not answer leaves it to the wallet, which did not approve the method.
      fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'))
      await expect(
        connector.request({ method: 'wallet_getCallsStatus', params: [id], network: 'eip155:1' }),
      ).rejects.toMatchObject({ code: 4200, message: 'Fetching call status not approved by the wallet' })
      expect(fake.signClient.request).not.toHaveBeenCalled()
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('lists a request as pending while the wallet has not answered', async () => {
    const { fake, connector, pending, connect } = setup()
    await connect()
    let answer: (value: unknown) => void = () => {}
    fake.signClient.request.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)))
    const call = connector.request({ method: 'eth_sendTransaction', params: [], network: 'eip155:1' })
    expect(pending()).toEqual([{ id: expect.any(Number), method: 'eth_sendTransaction', since: Date.now() }])
    await vi.advanceTimersByTimeAsync(0)
    answer('0xhash')
    await expect(call).resolves.toBe('0xhash')
    expect(pending()).toEqual([])
  })

  it('maps a wallet rejection (5000) to 4001', async () => {
    const { fake, connector, connect } = setup()
    await connect()
    fake.signClient.request.mockRejectedValueOnce({ code: 5000, message: 'User rejected.' })
    await expect(
      connector.request({ method: 'personal_sign', params: [], network: 'eip155:1' }),
    ).rejects.toMatchObject({ code: 4001, message: 'User rejected.' })
  })

  it('cancelRequest rejects the pending call with 4001', async () => {
    const { fake, connector, pending, connect } = setup()
    await connect()
    fake.signClient.request.mockImplementationOnce(() => new Promise(() => {}))
    const call = connector.request({ method: 'personal_sign', params: [], network: 'eip155:1' })
    const [request] = pending()
    connector.cancelRequest?.((request as PendingRequest).id)
    await expect(call).rejects.toMatchObject({ code: 4001 })
    expect(pending()).toEqual([])
  })

  it('fails a request when the relay stays away, with the relay named', async () => {
    const { fake, connector, connect } = setup()
    await connect()
    fake.relay(false)
    const call = connector.request({ method: 'personal_sign', params: [], network: 'eip155:1' })
    const refused = expect(call).rejects.toMatchObject({
      code: 4900,
      message: expect.stringContaining('ws://127.0.0.1:9'),
    })
    await vi.advanceTimersByTimeAsync(5_000)
    await refused
    expect(fake.signClient.request).not.toHaveBeenCalled()
  })

  it('switches to a network the session approved without asking the wallet', async () => {
    const { fake, connector, connect } = setup()
    await connect()
    await connector.switchNetwork(evmNetwork(8453, 'Base'))
    expect(fake.signClient.request).not.toHaveBeenCalled()
  })

  it('asks the wallet to switch to a network the session lacks, once its update adds it', async () => {
    const { fake, connector, connect } = setup()
    const single = approvedSession([`eip155:1:${address}`])
    await connect(single)
    fake.signClient.request.mockResolvedValueOnce(null)
    const switching = connector.switchNetwork(evmNetwork(8453, 'Base'))
    await vi.advanceTimersByTimeAsync(0)
    expect(fake.signClient.request).toHaveBeenCalledWith({
      topic: single.topic,
      chainId: 'eip155:1',
      request: { method: 'wallet_switchEthereumChain', params: [{ chainId: '0x2105' }] },
    })
    fake.emit('session_update', {
      topic: single.topic,
      params: { namespaces: approvedSession([`eip155:1:${address}`, `eip155:8453:${address}`]).namespaces },
    })
    await expect(switching).resolves.toBeUndefined()
  })

  it('refuses a switch the wallet accepted but never added to the session (4902)', async () => {
    const { fake, connector, connect } = setup()
    await connect(approvedSession([`eip155:1:${address}`]))
    fake.signClient.request.mockResolvedValueOnce(null)
    const switching = connector.switchNetwork(evmNetwork(8453, 'Base'))
    const refused = expect(switching).rejects.toMatchObject({ code: 4902 })
    await vi.advanceTimersByTimeAsync(1_000)
    await refused
  })

  it('disconnect cancels waiting requests, clears the deep link and ends the session', async () => {
    const { fake, pairing, connector, storage } = setup()
    await pairing.start(metamask)
    pairing.openWallet(metamask)
    fake.approve(onMainnet)
    await vi.advanceTimersByTimeAsync(0)
    fake.signClient.request.mockImplementationOnce(() => new Promise(() => {}))
    const waiting = connector.request({ method: 'personal_sign', params: [], network: 'eip155:1' })
    await connector.disconnect()
    await expect(waiting).rejects.toMatchObject({ code: 4001 })
    expect(fake.signClient.disconnect).toHaveBeenCalledWith({
      topic: onMainnet.topic,
      reason: { code: 6000, message: 'User disconnected.' },
    })
    expect(pairing.state.get().status).toBe('disconnected')
    expect(storage.getItem(RecentWallets.deepLinkKey)).toBeNull()
  })

  it('connect() asks the wallet to approve a new pairing', async () => {
    const { fake, connector } = setup()
    const connecting = connector.connect()
    await vi.advanceTimersByTimeAsync(0)
    fake.approve(onMainnet)
    await expect(connecting).resolves.toEqual(connection)
  })
})
