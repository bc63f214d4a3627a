import type { ChainNetwork } from '@walletframe/protocol'
import { evmNetwork } from '@walletframe/protocol/testing'
import { describe, expect, it, vi } from 'vitest'
import type { Connection, Connector, Event, Request } from '../../connectors/Connector.js'
import * as Storage from '../../storage/Storage.js'
import * as Core from '../Core.js'
import * as ConnectionStore from '../connection.js'
import * as Connect from './connect.js'
import { DisconnectError, disconnect } from './disconnect.js'
import * as Navigation from './navigation.js'

const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

function fakeConnector(connection: Connection = { accounts: [`eip155:1:${address}`], network: 'eip155:1' }) {
  const connector = {
    id: 'fake',
    type: 'injected' as const,
    name: 'Fake Wallet',
    connect: vi.fn(async (): Promise<Connection> => connection),
    reconnect: vi.fn(async (): Promise<Connection | undefined> => connection),
    disconnect: vi.fn(async () => {}),
    request: vi.fn(async (_request: Request): Promise<unknown> => null),
    switchNetwork: vi.fn(async (_network: ChainNetwork) => {}),
    subscribe: (_listener: (event: Event) => void) => () => {},
  } satisfies Connector
  return connector
}

/** A core connected through a fake connector, with a waiting request listed. */
async function connected(connection?: Connection) {
  const core = Core.create({ storage: Storage.memory(), isMobile: () => false })
  core.networks.set({
    available: [evmNetwork(1, 'Ethereum'), evmNetwork(8453, 'Base')],
    active: undefined,
    unsupported: undefined,
  })
  const connector = fakeConnector(connection)
  await Connect.connect(core, connector, { id: connector.id })
  core.pending.set([{ id: 1, method: 'personal_sign', since: 0 }])
  return { core, connector }
}

describe('disconnect', () => {
  it('clears the connection, the stored choice and the waiting requests, then tells the connector', async () => {
    const { core, connector } = await connected()
    await disconnect(core)
    expect(core.connection.get()).toEqual(ConnectionStore.disconnected)
    expect(core.connection.connector()).toBeUndefined()
    expect(core.storage.getItem(ConnectionStore.storageKey)).toBeNull()
    expect(core.pending.get()).toEqual([])
    expect(connector.disconnect).toHaveBeenCalledOnce()
  })

  it('forgets an unsupported network of the wallet', async () => {
    const { core } = await connected({ accounts: [`eip155:137:${address}`], network: 'eip155:137' })
    expect(core.networks.get().unsupported).toBe('eip155:137')
    await disconnect(core)
    expect(core.networks.get().unsupported).toBeUndefined()
  })

  it('puts an open modal back on Connect and keeps it open', async () => {
    const { core } = await connected()
    Navigation.open(core, 'Account')
    Navigation.push(core, 'Networks')
    await disconnect(core)
    expect(core.modal.get()).toMatchObject({ open: true, stack: { history: ['Connect'] } })
  })

  it('makes a closed modal open on Connect next time', async () => {
    const { core } = await connected()
    expect(core.modal.get().stack.history).toEqual(['Account'])
    await disconnect(core)
    expect(core.modal.get()).toMatchObject({ open: false, stack: { history: ['Connect'] } })
  })

  it('leaves the connector alone when it reported the disconnect itself', async () => {
    const { core, connector } = await connected()
    await disconnect(core, { notifyConnector: false })
    expect(core.connection.get().status).toBe('disconnected')
    expect(connector.disconnect).not.toHaveBeenCalled()
  })

  it('does nothing more when nothing is connected', async () => {
    const core = Core.create({ storage: Storage.memory(), isMobile: () => false })
    await expect(disconnect(core)).resolves.toBeUndefined()
    expect(core.connection.get()).toEqual(ConnectionStore.disconnected)
  })

  it('throws "Failed to disconnect" when the connector fails, with the state cleared all the same', async () => {
    const { core, connector } = await connected()
    const cause = new Error('relay unreachable')
    connector.disconnect.mockRejectedValueOnce(cause)
    const error = await disconnect(core).catch((error: unknown) => error)
    expect(error).toBeInstanceOf(DisconnectError)
    expect(error).toMatchObject({ code: 'DISCONNECT_FAILED', message: 'Failed to disconnect', cause })
    expect(core.connection.get().status).toBe('disconnected')
    expect(core.storage.getItem(ConnectionStore.storageKey)).toBeNull()
  })
})
