import { evmNetwork } from '@walletframe/protocol/testing'
import { describe, expect, it } from 'vitest'
import type { PendingRequest } from '../../connectors/Connector.js'
import * as Storage from '../../storage/Storage.js'
import * as Core from '../Core.js'
import * as Navigation from './navigation.js'
import * as PendingView from './pendingView.js'

const sign: PendingRequest = { id: 1, method: 'personal_sign', since: 0 }
const send: PendingRequest = { id: 2, method: 'eth_sendTransaction', since: 0 }

function setup() {
  const core = Core.create({ storage: Storage.memory(), isMobile: () => false })
  const network = evmNetwork(1, 'Ethereum')
  core.networks.set({ available: [network], active: network, unsupported: undefined })
  const stop = PendingView.watch(core)
  return { core, stop }
}

describe('watch', () => {
  it('opens the modal on WalletRequest for a request, and closes it once the request is answered', () => {
    const { core } = setup()
    core.pending.set([sign])
    expect(core.modal.get()).toMatchObject({ open: true, stack: { history: ['WalletRequest'] } })
    core.pending.set([sign, send])
    expect(core.modal.get().stack.history).toEqual(['WalletRequest'])
    core.pending.set([send])
    expect(core.modal.get().open).toBe(true)
    core.pending.set([])
    expect(core.modal.get().open).toBe(false)
  })

  it('shows WalletRequest over the open view and goes back to it once the request is answered', () => {
    const { core } = setup()
    Navigation.open(core, 'Networks')
    core.pending.set([sign])
    expect(core.modal.get().stack.history).toEqual(['Networks', 'WalletRequest'])
    core.pending.set([])
    expect(core.modal.get()).toMatchObject({ open: true, stack: { history: ['Networks'] } })
  })

  it('leaves the modal alone when the user already left WalletRequest', () => {
    const { core } = setup()
    core.pending.set([sign])
    Navigation.replace(core, 'Account')
    core.pending.set([])
    expect(core.modal.get()).toMatchObject({ open: true, stack: { history: ['Account'] } })
  })

  it('stops watching once stopped', () => {
    const { core, stop } = setup()
    stop()
    core.pending.set([sign])
    expect(core.modal.get().open).toBe(false)
  })
})
