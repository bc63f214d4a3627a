import { type ChainNetwork, ProviderRpcError } from '@walletframe/protocol'
import { evmNetwork } from '@walletframe/protocol/testing'
import { describe, expect, it, vi } from 'vitest'
import type { Connection } from '../../connectors/Connector.js'
import { address, coreWith, fakeConnector, otherAddress } from '../../testing.js'
import type * as Core from '../Core.js'
import * as ConnectionStore from '../connection.js'
import * as Networks from '../networks.js'
import * as Connect from './connect.js'
import * as Navigation from './navigation.js'

const ethereum = evmNetwork(1, 'Ethereum')
const base = evmNetwork(8453, 'Base')
const choice: Connect.Choice = { id: 'fake', data: { rdns: 'org.test.wallet' } }

function setup(networks: readonly ChainNetwork[] = [ethereum, base]) {
  const core = coreWith(networks)
  const tracked: unknown[] = []
  core.analytics.subscribe(({ timestamp: _, ...event }) => tracked.push(event))
  return { core, tracked }
}

const current = (core: Core.Core) => Navigation.current(core)

describe('applyNetwork', () => {
  it('makes a network the host uses the active one and remembers it', () => {
    const { core } = setup()
    Connect.applyNetwork(core, 'eip155:8453')
    expect(core.networks.get()).toMatchObject({ active: base, unsupported: undefined })
    expect(core.storage.getItem(Networks.storageKey)).toBe('eip155:8453')
  })

  it('marks a network the host does not use as unsupported and keeps the active one', () => {
    const { core } = setup()
    Connect.applyNetwork(core, 'eip155:137')
    expect(core.networks.get()).toMatchObject({ active: ethereum, unsupported: 'eip155:137' })
    expect(core.storage.getItem(Networks.storageKey)).toBeNull()
  })
})

describe('attach', () => {
  it('makes the connection the active one and stores the choice', () => {
    const { core } = setup()
    const connector = fakeConnector()
    Connect.attach(core, connector, { accounts: [`eip155:1:${address}`], network: 'eip155:1' }, choice)
    expect(core.connection.get()).toEqual({
      status: 'connected',
      accounts: [`eip155:1:${address}`],
      connector: { id: 'fake', type: 'injected', name: 'Fake Wallet', icon: 'data:,' },
    })
    expect(core.connection.connector()).toBe(connector)
    expect(Connect.storedChoice(core)).toEqual(choice)
  })

  it("keeps the host's active network when the wallet has an account there", () => {
    const { core } = setup()
    core.networks.set((state) => ({ ...state, active: base }))
    const connector = fakeConnector()
    Connect.attach(
      core,
      connector,
      { accounts: [`eip155:1:${address}`, `eip155:8453:${address}`], network: 'eip155:1' },
      choice,
    )
    expect(core.networks.get().active).toBe(base)
  })

  it('follows the wallet to its network when it has no account on the active one', () => {
    const { core } = setup()
    const connector = fakeConnector()
    Connect.attach(core, connector, { accounts: [`eip155:8453:${address}`], network: 'eip155:8453' }, choice)
    expect(core.networks.get().active).toBe(base)
  })
})

describe('connect', () => {
  it('connects, reports CONNECT_SUCCESS with method browser and closes the modal', async () => {
    const { core, tracked } = setup()
    const connector = fakeConnector()
    Navigation.open(core)
    await Connect.connect(core, connector, choice)
    expect(core.connection.get().status).toBe('connected')
    expect(core.modal.get().open).toBe(false)
    expect(tracked).toEqual([
      { event: 'CONNECT_SUCCESS', properties: { method: 'browser', name: 'Fake Wallet' } },
    ])
  })

  it('is connecting while the wallet prompt is open', async () => {
    const { core } = setup()
    const connector = fakeConnector()
    const connecting = Connect.connect(core, connector, choice)
    expect(core.connection.get().status).toBe('connecting')
    await connecting
  })

  it('shows UnsupportedChain when the wallet is on a network the host does not use', async () => {
    const { core } = setup()
    const connector = fakeConnector({ accounts: [`eip155:137:${address}`], network: 'eip155:137' })
    Navigation.open(core)
    await Connect.connect(core, connector, choice)
    expect(core.networks.get().unsupported).toBe('eip155:137')
    expect(core.modal.get().open).toBe(true)
    expect(current(core)).toBe('UnsupportedChain')
  })

  it('says the connection was declined when the user rejects (4001), and shakes the modal', async () => {
    const { core } = setup()
    const connector = fakeConnector()
    connector.connect.mockRejectedValueOnce(new ProviderRpcError(4001, 'User rejected the request.'))
    Navigation.open(core)
    await Connect.connect(core, connector, choice)
    expect(core.connection.get().status).toBe('disconnected')
    expect(core.toasts.get()).toMatchObject({ open: true, variant: 'error', message: 'Connection declined' })
    expect(core.modal.get()).toMatchObject({ open: true, shake: true })
    expect(Connect.storedChoice(core)).toBeUndefined()
  })

  it("shows any other failure with the wallet's message", async () => {
    const { core, tracked } = setup()
    const connector = fakeConnector()
    connector.connect.mockRejectedValueOnce(new Error('Wallet locked'))
    await Connect.connect(core, connector, choice)
    expect(core.toasts.get().message).toBe('Could not connect: Wallet locked')
    expect(tracked).toEqual([{ event: 'CONNECT_ERROR', properties: { message: 'Wallet locked' } }])
  })

  it('stays connected with the previous connector when connecting another one fails', async () => {
    const { core } = setup()
    const first = fakeConnector()
    await Connect.connect(core, first, choice)
    const second = fakeConnector()
    second.connect.mockRejectedValueOnce(new ProviderRpcError(4001, 'no'))
    await Connect.connect(core, second, { id: 'second' })
    expect(core.connection.get().status).toBe('connected')
    expect(core.connection.connector()).toBe(first)
  })
})

describe('follow', () => {
  it('makes a connection the connector made on its own the active one and reports how it was made', () => {
    const { core, tracked } = setup()
    const connector = fakeConnector()
    Connect.follow(core, connector, { id: 'walletConnect' })
    Navigation.open(core)
    const connection: Connection = { accounts: [`eip155:8453:${address}`], network: 'eip155:8453' }
    connector.emit({ type: 'connect', connection, method: 'mobile', walletName: 'MetaMask' })
    expect(core.connection.get()).toMatchObject({ status: 'connected', accounts: connection.accounts })
    expect(core.networks.get().active).toBe(base)
    expect(core.modal.get().open).toBe(false)
    expect(Connect.storedChoice(core)).toEqual({ id: 'walletConnect' })
    expect(tracked).toEqual([
      { event: 'CONNECT_SUCCESS', properties: { method: 'mobile', name: 'MetaMask' } },
    ])
  })

  it('reports a scanned QR code as method qrcode', () => {
    const { core, tracked } = setup()
    const connector = fakeConnector()
    Connect.follow(core, connector, choice)
    connector.emit({
      type: 'connect',
      connection: { accounts: [`eip155:1:${address}`], network: 'eip155:1' },
      method: 'qrcode',
      walletName: 'Rainbow',
    })
    expect(tracked).toEqual([{ event: 'CONNECT_SUCCESS', properties: { method: 'qrcode', name: 'Rainbow' } }])
  })

  it('applies account and chain changes of the active connector', async () => {
    const { core } = setup()
    const connector = fakeConnector()
    Connect.follow(core, connector, choice)
    await Connect.connect(core, connector, choice)
    connector.emit({ type: 'chainChanged', network: 'eip155:8453' })
    connector.emit({ type: 'accountsChanged', accounts: [`eip155:8453:${otherAddress}`] })
    expect(core.networks.get().active).toBe(base)
    expect(core.connection.get().accounts).toEqual([`eip155:8453:${otherAddress}`])
  })

  it('ignores an empty account list (the disconnect event says when the wallet left)', async () => {
    const { core } = setup()
    const connector = fakeConnector()
    Connect.follow(core, connector, choice)
    await Connect.connect(core, connector, choice)
    connector.emit({ type: 'accountsChanged', accounts: [] })
    expect(core.connection.get().accounts).toEqual([`eip155:1:${address}`])
  })

  it('ignores account, chain and disconnect events of a connector that is not the active one', async () => {
    const { core } = setup()
    const active = fakeConnector()
    const idle = fakeConnector()
    Connect.follow(core, idle, { id: 'idle' })
    await Connect.connect(core, active, choice)
    idle.emit({ type: 'accountsChanged', accounts: [`eip155:1:${otherAddress}`] })
    idle.emit({ type: 'chainChanged', network: 'eip155:8453' })
    idle.emit({ type: 'disconnect', reason: 'ended' })
    expect(core.connection.get()).toMatchObject({ status: 'connected', accounts: [`eip155:1:${address}`] })
    expect(core.networks.get().active).toBe(ethereum)
  })

  it('disconnects without calling back into the connector when the wallet ends the connection', async () => {
    const { core } = setup()
    const connector = fakeConnector()
    Connect.follow(core, connector, choice)
    await Connect.connect(core, connector, choice)
    connector.emit({ type: 'disconnect', reason: 'ended' })
    expect(core.connection.get().status).toBe('disconnected')
    expect(Connect.storedChoice(core)).toBeUndefined()
    expect(connector.disconnect).not.toHaveBeenCalled()
    expect(core.toasts.get().open).toBe(false)
  })

  it('says "Session Expired" when the connection expired', async () => {
    const { core } = setup()
    const connector = fakeConnector()
    Connect.follow(core, connector, choice)
    await Connect.connect(core, connector, choice)
    connector.emit({ type: 'disconnect', reason: 'expired' })
    expect(core.connection.get().status).toBe('disconnected')
    expect(core.toasts.get()).toMatchObject({ open: true, variant: 'error', message: 'Session Expired' })
  })

  it('lists the requests waiting for the wallet', () => {
    const { core } = setup()
    const connector = fakeConnector()
    Connect.follow(core, connector, choice)
    const requests = [{ id: 1, method: 'personal_sign', since: 0 }]
    connector.emit({ type: 'pendingRequests', requests })
    expect(core.pending.get()).toEqual(requests)
  })

  it('shows a banner while the way to the active wallet is down and hides it when it is back', async () => {
    const { core } = setup()
    const connector = fakeConnector()
    Connect.follow(core, connector, choice)
    await Connect.connect(core, connector, choice)
    connector.emit({ type: 'transport', connected: false, via: 'the WalletConnect relay' })
    expect(core.notification.get()).toEqual({
      open: true,
      variant: 'warning',
      message: 'Lost the connection to the WalletConnect relay. Reconnecting…',
    })
    connector.emit({ type: 'transport', connected: true, via: 'the WalletConnect relay' })
    expect(core.notification.get().open).toBe(false)
  })

  it('shows no banner for a connector that is not the active one', () => {
    const { core } = setup()
    const connector = fakeConnector()
    Connect.follow(core, connector, choice)
    connector.emit({ type: 'transport', connected: false, via: 'the WalletConnect relay' })
    expect(core.notification.get().open).toBe(false)
  })

  it('stops following once unsubscribed', () => {
    const { core } = setup()
    const connector = fakeConnector()
    const stop = Connect.follow(core, connector, choice)
    stop()
    expect(connector.listeners.size).toBe(0)
  })
})

describe('storedChoice', () => {
  it('reads the stored choice', () => {
    const { core } = setup()
    core.storage.setItem(ConnectionStore.storageKey, JSON.stringify(choice))
    expect(Connect.storedChoice(core)).toEqual(choice)
  })

  it.each([
    ['nothing stored', undefined],
    ['not JSON', '{oops'],
    ['no id', '{"data":1}'],
    ['null', 'null'],
  ])('reads %s as no choice', (_, stored) => {
    const { core } = setup()
    if (stored !== undefined) core.storage.setItem(ConnectionStore.storageKey, stored)
    expect(Connect.storedChoice(core)).toBeUndefined()
  })
})

describe('restore', () => {
  it('reconnects the stored choice without asking the user', async () => {
    const { core, tracked } = setup()
    core.storage.setItem(ConnectionStore.storageKey, JSON.stringify(choice))
    const connector = fakeConnector()
    const build = vi.fn(() => connector)
    await Connect.restore(core, build)
    expect(build).toHaveBeenCalledWith(choice)
    expect(connector.connect).not.toHaveBeenCalled()
    expect(core.connection.get()).toMatchObject({ status: 'connected', accounts: [`eip155:1:${address}`] })
    expect(Connect.storedChoice(core)).toEqual(choice)
    // A restore is not a new connection.
    expect(tracked).toEqual([])
  })

  it('does nothing without a stored choice', async () => {
    const { core } = setup()
    const build = vi.fn(() => fakeConnector())
    await Connect.restore(core, build)
    expect(build).not.toHaveBeenCalled()
    expect(core.connection.get().status).toBe('disconnected')
  })

  it('forgets a choice whose connector reconnects to nothing', async () => {
    const { core } = setup()
    core.storage.setItem(ConnectionStore.storageKey, JSON.stringify(choice))
    const connector = fakeConnector()
    connector.reconnect.mockResolvedValueOnce(undefined)
    await Connect.restore(core, () => connector)
    expect(core.connection.get().status).toBe('disconnected')
    expect(core.storage.getItem(ConnectionStore.storageKey)).toBeNull()
  })

  it('forgets a choice whose connector throws on reconnect', async () => {
    const { core } = setup()
    core.storage.setItem(ConnectionStore.storageKey, JSON.stringify(choice))
    const connector = fakeConnector()
    connector.reconnect.mockRejectedValueOnce(new Error('wallet gone'))
    await Connect.restore(core, () => connector)
    expect(core.connection.get().status).toBe('disconnected')
    expect(core.storage.getItem(ConnectionStore.storageKey)).toBeNull()
  })

  it('forgets a choice the app can no longer build a connector for', async () => {
    const { core } = setup()
    core.storage.setItem(ConnectionStore.storageKey, JSON.stringify(choice))
    await Connect.restore(core, () => undefined)
    expect(core.storage.getItem(ConnectionStore.storageKey)).toBeNull()
  })
})
