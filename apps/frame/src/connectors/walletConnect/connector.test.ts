import { evmNetwork } from '@walletframe/protocol/testing'
import type { RegistryWallet } from '@walletframe/protocol/walletRegistry'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as Storage from '../../storage/Storage.js'
import type { Connection, Event, PendingRequest } from '../Connector.js'
import { create } from './connector.js'
import * as RecentWallets from './recentWallets.js'
import type * as WalletConnect from './WalletConnect.js'

const metamask: RegistryWallet = {
  id: 'metamask',
  name: 'MetaMask',
  imageUrl: 'data:,',
  universalLink: 'https://metamask.app.link',
  chains: [],
}
const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const connection: Connection = { accounts: [`eip155:1:${address}`], network: 'eip155:1' }

/** The sign-client layer with its wallet side driven by the test: approve(), emit(). */
function fakeWalletConnect() {
  const listeners = new Set<(event: WalletConnect.Event) => void>()
  let approve: (value: Connection) => void = () => {}
  let decline: (error: Error) => void = () => {}
  let count = 0
  const walletConnect = {
    reconnect: vi.fn(async (): Promise<Connection | undefined> => undefined),
    request: vi.fn(async (_method: string, _params: unknown, _chain: string): Promise<unknown> => '0xsig'),
    switchChain: vi.fn(async (_chain: string) => {}),
    disconnect: vi.fn(async () => {}),
    async pair() {
      count++
      return {
        uri: `wc:t${count}@2?relay-protocol=irn`,
        approval: new Promise<Connection>((resolve, reject) => {
          approve = resolve
          decline = reject
        }),
      }
    },
    cancelPairing: vi.fn(),
    subscribe(listener: (event: WalletConnect.Event) => void) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    peer: () => ({ name: 'MetaMask', url: 'https://metamask.io', icon: undefined }),
    preload: vi.fn(),
  } satisfies WalletConnect.WalletConnect
  return {
    walletConnect,
    approve: (value: Connection) => approve(value),
    decline: (error: Error) => decline(error),
    emit: (event: WalletConnect.Event) => {
      for (const listener of listeners) listener(event)
    },
  }
}

function setup() {
  const fake = fakeWalletConnect()
  const storage = Storage.memory()
  const track = vi.fn()
  const { connector, pairing } = create({
    config: { projectId: 'wc-project', relayUrl: 'ws://127.0.0.1:9' },
    projectId: 'p1',
    metadata: { name: 'Host', description: '', url: 'https://host.example', icons: [] },
    storage,
    networks: () => ({ available: [evmNetwork(1, 'Ethereum')], active: 'eip155:1' }),
    track,
    walletConnect: fake.walletConnect,
  })
  const events: Event[] = []
  connector.subscribe((event) => events.push(event))
  const pending = () =>
    events.filter((event) => event.type === 'pendingRequests').at(-1)?.requests as readonly PendingRequest[]
  return { fake, storage, track, connector, pairing, events, pending }
}

describe('create', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('a QR connect reports a connect event with method qrcode and the wallet name', async () => {
    const { fake, pairing, events } = setup()
    await pairing.start()
    expect(pairing.state.get()).toMatchObject({ status: 'connecting', wcUri: 'wc:t1@2?relay-protocol=irn' })
    fake.approve(connection)
    await vi.advanceTimersByTimeAsync(0)
    expect(pairing.state.get()).toMatchObject({ status: 'connected', wcUri: undefined })
    expect(events).toContainEqual({ type: 'connect', connection, method: 'qrcode', walletName: 'MetaMask' })
  })

  it('a deep-link connect stores the link and the recent wallet and reports method mobile', async () => {
    const { fake, pairing, storage, events, track } = setup()
    await pairing.start(metamask)
    const href = pairing.openWallet(metamask)
    expect(href).toBe(`https://metamask.app.link/wc?uri=${encodeURIComponent('wc:t1@2?relay-protocol=irn')}`)
    expect(track).toHaveBeenCalledWith('SELECT_WALLET', { name: 'MetaMask', platform: 'mobile' })
    fake.approve(connection)
    await vi.advanceTimersByTimeAsync(0)
    expect(JSON.parse(storage.getItem(RecentWallets.deepLinkKey) ?? '{}')).toEqual({ name: 'MetaMask', href })
    expect(RecentWallets.load(storage).map((wallet) => wallet.id)).toEqual(['metamask'])
    expect(pairing.recent.get().map((wallet) => wallet.id)).toEqual(['metamask'])
    expect(pairing.state.get().recentWallet?.id).toBe('metamask')
    expect(events).toContainEqual({ type: 'connect', connection, method: 'mobile', walletName: 'MetaMask' })
    expect(pairing.walletLink()).toEqual({ name: 'MetaMask', href: 'https://metamask.app.link/wc' })
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
    fake.approve(connection)
    await vi.advanceTimersByTimeAsync(0)
    fake.walletConnect.request.mockImplementationOnce(() => new Promise(() => {}))
    const waiting = connector.request({
      method: 'personal_sign',
      params: ['0x00', address],
      network: 'eip155:1',
    })
    expect(pending().map((request) => request.method)).toEqual(['personal_sign'])
    fake.emit({ type: 'disconnect', reason: 'deleted' })
    await expect(waiting).rejects.toMatchObject({ code: 4001 })
    expect(pending()).toEqual([])
    expect(events.at(-1)).toEqual({ type: 'disconnect', reason: 'ended' })
    expect(pairing.state.get().status).toBe('disconnected')
    expect(storage.getItem(RecentWallets.deepLinkKey)).toBeNull()
    expect(pairing.walletLink()).toBeUndefined()
    // Recent wallets outlive the session: they are for the next connect.
    expect(pairing.recent.get().map((wallet) => wallet.id)).toEqual(['metamask'])
  })

  it('reports an expired session as a disconnect with reason expired', () => {
    const { fake, events } = setup()
    fake.emit({ type: 'disconnect', reason: 'expired' })
    expect(events).toContainEqual({ type: 'disconnect', reason: 'expired' })
  })

  it('forwards account and chain changes', () => {
    const { fake, events } = setup()
    fake.emit({ type: 'accountsChanged', accounts: ['eip155:8453:0xabc'] })
    fake.emit({ type: 'chainChanged', network: 'eip155:8453' })
    expect(events).toEqual([
      { type: 'accountsChanged', accounts: ['eip155:8453:0xabc'] },
      { type: 'chainChanged', network: 'eip155:8453' },
    ])
  })

  it('reports the relay dropping and coming back as transport events', () => {
    const { fake, events } = setup()
    fake.emit({ type: 'relay', connected: false })
    fake.emit({ type: 'relay', connected: true })
    expect(events).toEqual([
      { type: 'transport', connected: false, via: 'the WalletConnect relay' },
      { type: 'transport', connected: true, via: 'the WalletConnect relay' },
    ])
  })

  it('restores a stored session without user action', async () => {
    const { fake, connector, pairing } = setup()
    fake.walletConnect.reconnect.mockResolvedValueOnce(connection)
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
    expect(fake.walletConnect.cancelPairing).toHaveBeenCalled()
    fake.approve(connection)
    await vi.advanceTimersByTimeAsync(0)
    expect(events.filter((event) => event.type === 'connect')).toEqual([])
  })

  it('reports a failed pairing as CONNECT_ERROR and shows it', async () => {
    const { pairing, fake, track } = setup()
    await pairing.start()
    fake.decline(new Error('Proposal expired'))
    await vi.advanceTimersByTimeAsync(0)
    expect(pairing.state.get().wcError).toBe('Proposal expired')
    expect(track).toHaveBeenCalledWith('CONNECT_ERROR', { message: 'Proposal expired' })
  })

  it('passes the network of a request through to the sign-client layer', async () => {
    const { fake, connector } = setup()
    const params = ['0x00', address]
    await expect(
      connector.request({ method: 'personal_sign', params, network: 'eip155:8453' }),
    ).resolves.toBe('0xsig')
    expect(fake.walletConnect.request).toHaveBeenCalledWith('personal_sign', params, 'eip155:8453')
  })

  it('lists a request as pending while the wallet has not answered', async () => {
    const { fake, connector, pending } = setup()
    let answer: (value: unknown) => void = () => {}
    fake.walletConnect.request.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)))
    const call = connector.request({ method: 'eth_sendTransaction', params: [], network: 'eip155:1' })
    expect(pending()).toEqual([{ id: expect.any(Number), method: 'eth_sendTransaction', since: Date.now() }])
    answer('0xhash')
    await expect(call).resolves.toBe('0xhash')
    expect(pending()).toEqual([])
  })

  it('cancelRequest rejects the pending call with 4001', async () => {
    const { fake, connector, pending } = setup()
    fake.walletConnect.request.mockImplementationOnce(() => new Promise(() => {}))
    const call = connector.request({ method: 'personal_sign', params: [], network: 'eip155:1' })
    const [request] = pending()
    connector.cancelRequest?.((request as PendingRequest).id)
    await expect(call).rejects.toMatchObject({ code: 4001 })
    expect(pending()).toEqual([])
  })

  it('switches the session to the network asked for', async () => {
    const { fake, connector } = setup()
    await connector.switchNetwork(evmNetwork(8453, 'Base'))
    expect(fake.walletConnect.switchChain).toHaveBeenCalledWith('eip155:8453')
  })

  it('disconnect cancels waiting requests, clears the deep link and ends the session', async () => {
    const { fake, pairing, connector, storage } = setup()
    await pairing.start(metamask)
    pairing.openWallet(metamask)
    fake.approve(connection)
    await vi.advanceTimersByTimeAsync(0)
    fake.walletConnect.request.mockImplementationOnce(() => new Promise(() => {}))
    const waiting = connector.request({ method: 'personal_sign', params: [], network: 'eip155:1' })
    await connector.disconnect()
    await expect(waiting).rejects.toMatchObject({ code: 4001 })
    expect(fake.walletConnect.disconnect).toHaveBeenCalled()
    expect(pairing.state.get().status).toBe('disconnected')
    expect(storage.getItem(RecentWallets.deepLinkKey)).toBeNull()
  })

  it('connect() asks the wallet to approve a new pairing', async () => {
    const { fake, connector } = setup()
    const connecting = connector.connect()
    await vi.advanceTimersByTimeAsync(0)
    fake.approve(connection)
    await expect(connecting).resolves.toEqual(connection)
  })
})
