import { evmNetwork } from '@walletframe/protocol/testing'
import { describe, expect, it } from 'vitest'
import { coreWith, evmConnection, fakeConnector } from '../testing.js'
import * as Connectors from './connectors.js'

const setup = () => {
  const core = coreWith([evmNetwork(1, 'Ethereum')])
  return { core, connectors: Connectors.create(core) }
}

describe('adopt', () => {
  it('applies a connection the connector makes on its own', () => {
    const { core, connectors } = setup()
    const connector = fakeConnector()
    connectors.adopt(connector)
    connector.emit({
      type: 'connect',
      connection: evmConnection,
      method: 'qrcode',
      walletName: 'Fake Wallet',
    })
    expect(core.connection.connector()).toBe(connector)
  })

  it('stops following the connector of the same id adopted before', () => {
    const { connectors } = setup()
    const first = fakeConnector()
    const second = fakeConnector()
    connectors.adopt(first)
    connectors.adopt(second)
    expect(first.listeners.size).toBe(0)
    expect(second.listeners.size).toBe(1)
  })
})

describe('restore', () => {
  it('rebuilds a connector with the restorer registered for its type', async () => {
    const { connectors } = setup()
    const walletConnect = fakeConnector(evmConnection, { id: 'walletConnect', type: 'walletConnect' })
    connectors.register('walletConnect', async () => walletConnect)
    expect(await connectors.restore({ id: 'walletConnect' })).toBe(walletConnect)
  })

  it('finds the restorer of a connector built per wallet by the type its id starts with', async () => {
    const { connectors } = setup()
    const seen: string[] = []
    connectors.register('injected', (choice) => {
      seen.push(choice.id)
      return fakeConnector()
    })
    await connectors.restore({ id: 'injected:io.metamask', data: { rdns: 'io.metamask' } })
    expect(seen).toEqual(['injected:io.metamask'])
  })

  it('rebuilds nothing for a type no capability registered', async () => {
    const { connectors } = setup()
    connectors.register('injected', () => fakeConnector())
    expect(await connectors.restore({ id: 'auth' })).toBeUndefined()
  })
})
