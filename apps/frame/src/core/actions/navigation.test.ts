import type { ChainNetwork } from '@walletframe/protocol'
import { evmNetwork } from '@walletframe/protocol/testing'
import { describe, expect, it, vi } from 'vitest'
import { address, coreWith, fakeConnector } from '../../testing.js'
import * as AuthReload from '../authReload.js'
import type * as Core from '../Core.js'
import * as Navigation from './navigation.js'

const bitcoin: ChainNetwork = {
  caipNetworkId: 'bip122:000000000019d6689c085ae165831e93',
  chainNamespace: 'bip122',
  id: '000000000019d6689c085ae165831e93',
  name: 'Bitcoin',
  nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
  rpcUrls: { default: { http: ['http://127.0.0.1:9/bitcoin'] } },
  testnet: false,
  contracts: {},
  tokens: [],
  nfts: [],
}

const connector = fakeConnector()

function setup(options: { networks?: readonly ChainNetwork[]; mobile?: boolean } = {}) {
  const networks = options.networks ?? [evmNetwork(1, 'Ethereum')]
  return coreWith(networks, networks[0], { mobile: options.mobile ?? false })
}

const connect = (core: Core.Core) => core.connection.attach(connector, [`eip155:1:${address}`])
const history = (core: Core.Core) => core.modal.get().stack.history

describe('open', () => {
  it('opens on Connect when nothing is connected', () => {
    const core = setup()
    Navigation.open(core)
    expect(core.modal.get().open).toBe(true)
    expect(history(core)).toEqual(['Connect'])
  })

  it('opens on Account when connected', () => {
    const core = setup()
    connect(core)
    Navigation.open(core)
    expect(history(core)).toEqual(['Account'])
  })

  it('opens on the view asked for', () => {
    const core = setup()
    Navigation.open(core, 'Networks')
    expect(history(core)).toEqual(['Networks'])
  })

  it('opens on UnsupportedChain when the connected wallet is on a network the host does not use', () => {
    const core = setup()
    connect(core)
    core.networks.set((state) => ({ ...state, unsupported: 'eip155:137' }))
    Navigation.open(core)
    expect(history(core)).toEqual(['UnsupportedChain'])
  })

  it('opens on the WalletConnect QR code on desktop when no chain adapter serves the host networks', () => {
    const core = setup({ networks: [bitcoin] })
    Navigation.open(core, 'Account')
    expect(history(core)).toEqual(['ConnectingWalletConnectBasic'])
  })

  it('opens on the wallet list on mobile when no chain adapter serves the host networks', () => {
    const core = setup({ networks: [bitcoin], mobile: true })
    Navigation.open(core)
    expect(history(core)).toEqual(['AllWallets'])
  })
})

describe('close', () => {
  it('closes and starts the next open from Connect when disconnected', () => {
    const core = setup()
    Navigation.open(core, 'Networks')
    Navigation.close(core)
    expect(core.modal.get()).toMatchObject({ open: false, stack: { history: ['Connect'] } })
  })

  it('closes and starts the next open from Account when connected', () => {
    const core = setup()
    connect(core)
    Navigation.open(core, 'Networks')
    Navigation.close(core)
    expect(core.modal.get()).toMatchObject({ open: false, stack: { history: ['Account'] } })
  })
})

describe('push', () => {
  it('adds a view on top, once', () => {
    const core = setup()
    Navigation.open(core)
    Navigation.push(core, 'AllWallets')
    Navigation.push(core, 'AllWallets')
    expect(history(core)).toEqual(['Connect', 'AllWallets'])
  })
})

describe('replace', () => {
  it('replaces the view on top', () => {
    const core = setup()
    Navigation.open(core)
    Navigation.push(core, 'AllWallets')
    Navigation.replace(core, 'ConnectingWalletConnect')
    expect(history(core)).toEqual(['Connect', 'ConnectingWalletConnect'])
  })
})

describe('reset', () => {
  it('leaves only the view given', () => {
    const core = setup()
    Navigation.open(core)
    Navigation.push(core, 'AllWallets')
    Navigation.reset(core, 'Account')
    expect(history(core)).toEqual(['Account'])
  })
})

describe('back', () => {
  it('goes back one view', () => {
    const core = setup()
    Navigation.open(core)
    Navigation.push(core, 'AllWallets')
    Navigation.back(core)
    expect(core.modal.get().open).toBe(true)
    expect(history(core)).toEqual(['Connect'])
  })

  it('closes the modal from the first view', () => {
    const core = setup()
    Navigation.open(core)
    Navigation.back(core)
    expect(core.modal.get()).toMatchObject({ open: false, stack: { history: ['Connect'] } })
  })

  it('reloads the auth connector 100 ms after leaving ConnectingFarcaster with no address', () => {
    vi.useFakeTimers()
    try {
      const core = setup()
      const reload = vi.fn()
      AuthReload.register(core.modal, reload)
      Navigation.open(core)
      Navigation.push(core, 'ConnectingFarcaster')
      Navigation.back(core)
      expect(history(core)).toEqual(['Connect'])
      vi.advanceTimersByTime(99)
      expect(reload).not.toHaveBeenCalled()
      vi.advanceTimersByTime(1)
      expect(reload).toHaveBeenCalledTimes(1)
    } finally {
      vi.useRealTimers()
    }
  })

  it('closes the modal from anywhere after UnsupportedChain', () => {
    const core = setup()
    connect(core)
    Navigation.open(core, 'UnsupportedChain')
    Navigation.push(core, 'Networks')
    Navigation.back(core)
    expect(core.modal.get()).toMatchObject({ open: false, stack: { history: ['Account'] } })
  })
})

describe('current', () => {
  it('is the view on top', () => {
    const core = setup()
    Navigation.open(core)
    Navigation.push(core, 'AllWallets')
    expect(Navigation.current(core)).toBe('AllWallets')
  })
})
