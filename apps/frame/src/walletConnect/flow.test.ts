import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as Analytics from '../analytics/events.js'
import type { Connection } from '../connectors/Connector.js'
import type { Event, WalletConnectConnector } from '../connectors/walletConnect.js'
import * as Flow from './flow.js'
import * as RecentWallets from './recentWallets.js'

const metamask = {
  id: 'metamask',
  name: 'MetaMask',
  imageUrl: 'data:,',
  universalLink: 'https://metamask.app.link',
  chains: [],
}
const connection: Connection = { accounts: ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'], chainId: 1 }

function memoryStorage() {
  const map = new Map<string, string>()
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  }
}

/** A connector whose wallet side the test drives: approve(), emit(). */
function fakeConnector() {
  const listeners = new Set<(event: Event) => void>()
  let approve: (value: Connection) => void = () => {}
  let count = 0
  const connector = {
    id: 'walletConnect',
    type: 'walletConnect' as const,
    name: 'WalletConnect',
    connect: async () => connection,
    reconnect: vi.fn(async (): Promise<Connection | undefined> => undefined),
    request: vi.fn(async () => '0xsig'),
    disconnect: vi.fn(async () => {}),
    async pair() {
      count++
      return {
        uri: `wc:t${count}@2?relay-protocol=irn`,
        approval: new Promise<Connection>((resolve) => {
          approve = resolve
        }),
      }
    },
    cancelPairing: vi.fn(),
    subscribe(listener: (event: Event) => void) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    peer: () => ({ name: 'MetaMask', url: 'https://metamask.io', icon: undefined }),
    preload() {},
  } satisfies WalletConnectConnector
  return {
    connector,
    approve: (value: Connection) => approve(value),
    emit: (event: Event) => {
      for (const listener of listeners) listener(event)
    },
  }
}

function setup() {
  const fake = fakeConnector()
  const storage = memoryStorage()
  const analytics = Analytics.create(() => 0)
  const tracked: unknown[] = []
  analytics.subscribe((event) => tracked.push(event))
  const hooks = {
    connected: vi.fn(),
    accountsChanged: vi.fn(),
    chainChanged: vi.fn(),
    disconnected: vi.fn(),
    relay: vi.fn(),
  }
  const flow = Flow.create({ connector: fake.connector, storage, analytics, hooks })
  return { fake, storage, tracked, hooks, flow }
}

describe('create', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('a QR connect emits CONNECT_SUCCESS with method qrcode and hands over the connection', async () => {
    const { fake, flow, hooks, tracked } = setup()
    await flow.start()
    expect(flow.state.get()).toMatchObject({ status: 'connecting', wcUri: 'wc:t1@2?relay-protocol=irn' })
    fake.approve(connection)
    await vi.advanceTimersByTimeAsync(0)
    expect(flow.state.get().status).toBe('connected')
    expect(hooks.connected).toHaveBeenCalledWith(fake.connector, connection, false)
    expect(tracked).toContainEqual({
      event: 'CONNECT_SUCCESS',
      properties: { method: 'qrcode', name: 'MetaMask' },
      timestamp: 0,
    })
  })

  it('a deep-link connect stores the link and the recent wallet and reports method mobile', async () => {
    const { fake, flow, storage, tracked } = setup()
    await flow.start(metamask)
    const href = flow.openWallet(metamask)
    expect(href).toBe(`https://metamask.app.link/wc?uri=${encodeURIComponent('wc:t1@2?relay-protocol=irn')}`)
    fake.approve(connection)
    await vi.advanceTimersByTimeAsync(0)
    expect(JSON.parse(storage.getItem(RecentWallets.deepLinkKey) ?? '{}')).toEqual({ name: 'MetaMask', href })
    expect(RecentWallets.load(storage).map((wallet) => wallet.id)).toEqual(['metamask'])
    expect(flow.recent.get().map((wallet) => wallet.id)).toEqual(['metamask'])
    expect(tracked).toContainEqual(
      expect.objectContaining({
        event: 'CONNECT_SUCCESS',
        properties: { method: 'mobile', name: 'MetaMask' },
      }),
    )
    expect(flow.walletLink()).toEqual({ name: 'MetaMask', href: 'https://metamask.app.link/wc' })
  })

  it('the wallet ending the session resets the state, cancels waiting requests and tells the controller', async () => {
    const { fake, flow, hooks, storage } = setup()
    await flow.start(metamask)
    flow.openWallet(metamask)
    fake.approve(connection)
    await vi.advanceTimersByTimeAsync(0)
    fake.connector.request.mockImplementationOnce(() => new Promise(() => {}))
    const waiting = flow.request('personal_sign', ['0x00', connection.accounts[0]])
    fake.emit({ type: 'disconnect', reason: 'deleted' })
    await expect(waiting).rejects.toMatchObject({ code: 4001 })
    expect(hooks.disconnected).toHaveBeenCalledWith('deleted')
    expect(flow.state.get().status).toBe('disconnected')
    expect(storage.getItem(RecentWallets.deepLinkKey)).toBeNull()
    // Recent wallets outlive the session: they are for the next connect.
    expect(flow.recent.get().map((wallet) => wallet.id)).toEqual(['metamask'])
  })

  it('forwards account and chain changes', () => {
    const { fake, hooks } = setup()
    fake.emit({ type: 'accountsChanged', accounts: ['0xabc'] })
    fake.emit({ type: 'chainChanged', chainId: 8453 })
    expect(hooks.accountsChanged).toHaveBeenCalledWith(['0xabc'])
    expect(hooks.chainChanged).toHaveBeenCalledWith(8453)
  })

  it('restores a stored session without user action', async () => {
    const { fake, flow, hooks } = setup()
    fake.connector.reconnect.mockResolvedValueOnce(connection)
    await expect(flow.restore()).resolves.toEqual(connection)
    expect(hooks.connected).toHaveBeenCalledWith(fake.connector, connection, true)
    expect(flow.state.get().status).toBe('connected')
  })

  it('leaving the QR view stops the attempt and returns to disconnected', async () => {
    const { flow, fake } = setup()
    await flow.start()
    flow.stop()
    expect(flow.state.get()).toMatchObject({ status: 'disconnected', wcUri: undefined })
    expect(fake.connector.cancelPairing).toHaveBeenCalled()
  })
})
