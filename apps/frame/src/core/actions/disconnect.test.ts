import { evmNetwork } from '@walletframe/protocol/testing'
import { describe, expect, it } from 'vitest'
import type { Connection } from '../../connectors/Connector.js'
import { address, connectFake, coreWith } from '../../testing.js'
import * as ConnectionStore from '../connection.js'
import { DisconnectError, disconnect } from './disconnect.js'
import * as Navigation from './navigation.js'

/** A core connected through a fake connector, with a waiting request listed. */
async function connected(connection?: Connection) {
  const core = coreWith([evmNetwork(1, 'Ethereum'), evmNetwork(8453, 'Base')])
  const connector = await connectFake(core, connection)
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

  it('has forgotten the stored choice by the time anyone hears of the disconnection', async () => {
    const { core } = await connected()
    const heard: (string | null)[] = []
    core.connection.subscribe((state) => {
      if (state.status === 'disconnected') heard.push(core.storage.getItem(ConnectionStore.storageKey))
    })
    await disconnect(core)
    expect(heard).toEqual([null])
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
    const core = coreWith([])
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
