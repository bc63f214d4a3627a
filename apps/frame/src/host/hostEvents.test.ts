import type { CaipAddress, ChainNetwork } from '@walletframe/protocol'
import { evmNetwork, solanaNetwork } from '@walletframe/protocol/testing'
import { describe, expect, it } from 'vitest'
import * as Connect from '../core/actions/connect.js'
import * as Navigation from '../core/actions/navigation.js'
import type * as Core from '../core/Core.js'
import { address, coreWith, evmConnection, fakeConnector, otherAddress, solanaAddress } from '../testing.js'
import * as HostEvents from './hostEvents.js'

const ethereum = evmNetwork(1, 'Ethereum')
const base = evmNetwork(8453, 'Base')
const solana = solanaNetwork()
const evmAccount: CaipAddress = `eip155:1:${address}`
const solanaAccount: CaipAddress = `${solana.caipNetworkId}:${solanaAddress}`

const connector = fakeConnector(evmConnection, {
  id: 'walletConnect',
  type: 'walletConnect',
  name: 'WalletConnect',
})

function setup() {
  const core = coreWith([ethereum, base, solana])
  const emitted: { event: string; data: unknown }[] = []
  const emit = ((event: string, data: unknown) => void emitted.push({ event, data })) as HostEvents.Emit
  const stop = HostEvents.forward(core, emit)
  return { core, emitted, stop }
}

const setActive = (core: Core.Core, network: ChainNetwork) =>
  core.networks.set((state) => ({ ...state, active: network, unsupported: undefined }))

describe('accountState', () => {
  it('is disconnected with no accounts before a connection', () => {
    const { core } = setup()
    expect(HostEvents.accountState(core)).toEqual({
      status: 'disconnected',
      isConnected: false,
      allAccounts: [],
    })
  })

  it('names the address of the active network and every account of the connection', () => {
    const { core } = setup()
    core.connection.attach(connector, [evmAccount, solanaAccount])
    expect(HostEvents.accountState(core)).toEqual({
      status: 'connected',
      isConnected: true,
      address,
      caipAddress: `eip155:1:${address}`,
      allAccounts: [
        { namespace: 'eip155', address, type: 'eoa' },
        { namespace: 'solana', address: solanaAddress, type: 'eoa' },
      ],
      connector: 'walletConnect',
    })
  })
})

describe('forward', () => {
  it('tells the host about a connection: state, accountsChanged and connect', () => {
    const { core, emitted } = setup()
    core.connection.attach(connector, [evmAccount])
    expect(emitted).toEqual([
      {
        event: 'state',
        data: {
          status: 'connected',
          isConnected: true,
          address,
          caipAddress: `eip155:1:${address}`,
          allAccounts: [{ namespace: 'eip155', address, type: 'eoa' }],
          connector: 'walletConnect',
        },
      },
      { event: 'eip1193', data: { event: 'accountsChanged', data: [address] } },
      { event: 'eip1193', data: { event: 'connect', data: { chainId: '0x1' } } },
    ])
  })

  it("a wallet connecting on another network than the host's: one state on the wallet's network, connect with its chain and no chainChanged", () => {
    const { core, emitted } = setup()
    setActive(core, base)
    emitted.length = 0
    Connect.attach(core, connector, evmConnection, { id: 'walletConnect' })
    expect(emitted).toEqual([
      { event: 'state', data: expect.objectContaining({ caipAddress: `eip155:1:${address}` }) },
      {
        event: 'network',
        data: { caipNetworkId: 'eip155:1', chainId: '0x1', name: 'Ethereum', supported: true },
      },
      { event: 'eip1193', data: { event: 'accountsChanged', data: [address] } },
      { event: 'eip1193', data: { event: 'connect', data: { chainId: '0x1' } } },
    ])
  })

  it('a wallet connecting on a network the host does not use: connect carries that chain', () => {
    const { core, emitted } = setup()
    Connect.attach(
      core,
      connector,
      { accounts: [`eip155:137:${address}`], network: 'eip155:137' },
      {
        id: 'walletConnect',
      },
    )
    expect(emitted.filter((item) => item.event === 'eip1193')).toEqual([
      { event: 'eip1193', data: { event: 'accountsChanged', data: [address] } },
      { event: 'eip1193', data: { event: 'connect', data: { chainId: '0x89' } } },
    ])
  })

  it('tells the host about a connecting status without EIP-1193 events', () => {
    const { core, emitted } = setup()
    core.connection.setStatus('connecting')
    expect(emitted).toEqual([
      { event: 'state', data: { status: 'connecting', isConnected: false, allAccounts: [] } },
    ])
  })

  it('tells the host about another EVM network: state with its caipAddress, network and chainChanged', () => {
    const { core, emitted } = setup()
    core.connection.attach(connector, [evmAccount, `eip155:8453:${address}`])
    emitted.length = 0
    setActive(core, base)
    expect(emitted).toEqual([
      {
        event: 'state',
        data: expect.objectContaining({ caipAddress: `eip155:8453:${address}` }),
      },
      {
        event: 'network',
        data: { caipNetworkId: 'eip155:8453', chainId: '0x2105', name: 'Base', supported: true },
      },
      { event: 'eip1193', data: { event: 'chainChanged', data: '0x2105' } },
    ])
  })

  it('switching to Solana changes the caipAddress to the Solana account, with no EIP-1193 event', () => {
    const { core, emitted } = setup()
    core.connection.attach(connector, [evmAccount, solanaAccount])
    emitted.length = 0
    setActive(core, solana)
    expect(emitted).toEqual([
      {
        event: 'state',
        data: expect.objectContaining({ address: solanaAddress, caipAddress: solanaAccount }),
      },
      { event: 'network', data: { caipNetworkId: solana.caipNetworkId, name: 'Solana', supported: true } },
    ])
  })

  it('switching back from Solana reports chainChanged again', () => {
    const { core, emitted } = setup()
    core.connection.attach(connector, [evmAccount, solanaAccount])
    setActive(core, solana)
    emitted.length = 0
    setActive(core, ethereum)
    expect(emitted).toContainEqual({ event: 'eip1193', data: { event: 'chainChanged', data: '0x1' } })
  })

  it('reports accountsChanged with the EVM address only, and only when it changes', () => {
    const { core, emitted } = setup()
    core.connection.attach(connector, [evmAccount, solanaAccount])
    emitted.length = 0
    core.connection.setAccounts([evmAccount, `${solana.caipNetworkId}:${'9'.repeat(44)}`])
    expect(emitted.map((item) => item.event)).toEqual(['state'])
    core.connection.setAccounts([`eip155:1:${otherAddress}`, solanaAccount])
    expect(emitted).toContainEqual({
      event: 'eip1193',
      data: { event: 'accountsChanged', data: [otherAddress] },
    })
  })

  it('reports a wallet on an unsupported network', () => {
    const { core, emitted } = setup()
    core.connection.attach(connector, [`eip155:137:${address}`])
    emitted.length = 0
    core.networks.set((state) => ({ ...state, unsupported: 'eip155:137' }))
    expect(emitted).toEqual([
      { event: 'network', data: { caipNetworkId: 'eip155:137', chainId: '0x89', supported: false } },
      { event: 'eip1193', data: { event: 'chainChanged', data: '0x89' } },
    ])
  })

  it('tells the host about a disconnect: state, accountsChanged [] and disconnect 4900', () => {
    const { core, emitted } = setup()
    core.connection.attach(connector, [evmAccount])
    emitted.length = 0
    core.connection.detach()
    expect(emitted).toEqual([
      { event: 'state', data: { status: 'disconnected', isConnected: false, allAccounts: [] } },
      { event: 'eip1193', data: { event: 'accountsChanged', data: [] } },
      { event: 'eip1193', data: { event: 'disconnect', data: { code: 4900, message: 'Disconnected' } } },
    ])
  })

  it('tells the host when the modal opens and closes', () => {
    const { core, emitted } = setup()
    Navigation.open(core)
    Navigation.push(core, 'AllWallets')
    Navigation.close(core)
    expect(emitted).toEqual([
      { event: 'modal', data: { open: true } },
      { event: 'modal', data: { open: false } },
    ])
  })

  it('tells the host nothing once stopped', () => {
    const { core, emitted, stop } = setup()
    stop()
    core.connection.attach(connector, [evmAccount])
    setActive(core, base)
    Navigation.open(core)
    expect(emitted).toEqual([])
  })
})
