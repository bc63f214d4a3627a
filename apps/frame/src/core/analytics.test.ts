import { evmNetwork } from '@walletframe/protocol/testing'
import { describe, expect, it, vi } from 'vitest'
import { coreWith, fakeConnector } from '../testing.js'
import * as Connect from './actions/connect.js'
import * as Disconnect from './actions/disconnect.js'
import * as Navigation from './actions/navigation.js'
import * as SwitchNetwork from './actions/switchNetwork.js'
import * as Analytics from './analytics.js'

const ethereum = evmNetwork(1, 'Ethereum')
const base = evmNetwork(8453, 'Base')

function setup() {
  const core = coreWith([ethereum, base])
  const tracked: { event: string; properties: object; timestamp: number }[] = []
  core.analytics.subscribe((event) => tracked.push(event))
  return { core, tracked }
}

describe('create', () => {
  it('stamps each event with the time and keeps going past a failing listener', () => {
    const analytics = Analytics.create(() => 42)
    const seen: unknown[] = []
    analytics.subscribe(() => {
      throw new Error('broken listener')
    })
    const unsubscribe = analytics.subscribe((event) => seen.push(event))
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    analytics.track({ event: 'DISCONNECT_SUCCESS', properties: {} })
    expect(logged).toHaveBeenCalledOnce()
    logged.mockRestore()
    expect(seen).toEqual([{ event: 'DISCONNECT_SUCCESS', properties: {}, timestamp: 42 }])
    unsubscribe()
    analytics.track({ event: 'DISCONNECT_SUCCESS', properties: {} })
    expect(seen).toHaveLength(1)
  })
})

describe('trackModal', () => {
  it('tracks MODAL_OPEN and MODAL_CLOSE once per change, with whether an account is connected', async () => {
    const { core, tracked } = setup()
    Analytics.trackModal(core)
    Navigation.open(core)
    Navigation.open(core)
    await Connect.connect(core, fakeConnector(), { id: 'fake' })
    Navigation.open(core)
    Navigation.close(core)
    expect(tracked.filter((event) => event.event.startsWith('MODAL_'))).toMatchObject([
      { event: 'MODAL_OPEN', properties: { connected: false } },
      { event: 'MODAL_CLOSE', properties: { connected: true } },
      { event: 'MODAL_OPEN', properties: { connected: true } },
      { event: 'MODAL_CLOSE', properties: { connected: true } },
    ])
  })
})

describe('tracked actions', () => {
  it('tracks CONNECT_SUCCESS, SWITCH_NETWORK and DISCONNECT_SUCCESS as the actions happen', async () => {
    const { core, tracked } = setup()
    await Connect.connect(core, fakeConnector(), { id: 'fake' })
    await SwitchNetwork.switchNetwork(core, 'eip155:8453')
    await Disconnect.disconnect(core)
    expect(tracked.map(({ timestamp: _, ...event }) => event)).toEqual([
      { event: 'CONNECT_SUCCESS', properties: { method: 'browser', name: expect.any(String) } },
      { event: 'SWITCH_NETWORK', properties: { network: 'eip155:8453' } },
      { event: 'DISCONNECT_SUCCESS', properties: {} },
    ])
  })

  it('tracks CONNECT_ERROR and DISCONNECT_ERROR with their messages', async () => {
    const { core, tracked } = setup()
    const refusing = fakeConnector()
    refusing.connect.mockRejectedValueOnce(new Error('the wallet is locked'))
    await Connect.connect(core, refusing, { id: 'fake' })
    const failing = fakeConnector()
    failing.disconnect.mockRejectedValueOnce(new Error('gone'))
    await Connect.connect(core, failing, { id: 'fake' })
    await expect(Disconnect.disconnect(core)).rejects.toThrow('Failed to disconnect')
    expect(tracked.map(({ timestamp: _, ...event }) => event)).toEqual([
      { event: 'CONNECT_ERROR', properties: { message: 'the wallet is locked' } },
      { event: 'CONNECT_SUCCESS', properties: { method: 'browser', name: expect.any(String) } },
      { event: 'DISCONNECT_ERROR', properties: { message: 'Failed to disconnect' } },
    ])
  })
})
