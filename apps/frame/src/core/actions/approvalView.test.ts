import { evmNetwork } from '@walletframe/protocol/testing'
import { describe, expect, it } from 'vitest'
import type { Request } from '../../connectors/Connector.js'
import * as Approvals from '../../connectors/embedded/approvals.js'
import { coreWith, evmConnection, fakeConnector } from '../../testing.js'
import * as ApprovalView from './approvalView.js'
import * as Connect from './connect.js'
import * as Navigation from './navigation.js'
import * as PendingView from './pendingView.js'

const sign: Request = { method: 'personal_sign', params: ['0x68656c6c6f', '0xabc'], network: 'eip155:1' }
const send: Request = { method: 'eth_sendTransaction', params: [{ to: '0xabc' }], network: 'eip155:1' }

/** A connected core whose wallet asks through the embedded wallet's real approval queue. */
async function setup() {
  const core = coreWith([evmNetwork(1, 'Ethereum')])
  const approvals = Approvals.create()
  const connector = fakeConnector(evmConnection, { id: 'auth', type: 'auth' })
  approvals.subscribe((requests) => connector.emit({ type: 'pendingRequests', requests }))
  const wallet = {
    ...connector,
    request: (request: Request) => approvals.run(request, async () => `signed ${request.method}`),
    approveRequest: approvals.approve,
    cancelRequest: approvals.reject,
  }
  Connect.follow(core, wallet, { id: wallet.id })
  await Connect.connect(core, wallet, { id: wallet.id })
  Navigation.close(core)
  PendingView.watch(core)
  const stop = ApprovalView.watch(core)
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0))
  return { core, wallet, approvals, stop, settled }
}

describe('watch', () => {
  it('opens the closed modal on ApproveTransaction and closes it once the request is approved', async () => {
    const { core, wallet, settled } = await setup()
    const answer = wallet.request(sign)
    expect(core.modal.get().open).toBe(true)
    expect(core.modal.get().stack.history).toEqual(['ApproveTransaction'])
    expect(core.modal.get().stack.transactions.map((action) => action.id)).toEqual([1])
    wallet.approveRequest(1)
    await expect(answer).resolves.toBe('signed personal_sign')
    await settled()
    expect(core.modal.get().open).toBe(false)
    expect(core.modal.get().stack.transactions).toEqual([])
  })

  it('goes over the open view, shows the next request after the first and returns when the last ends', async () => {
    const { core, wallet, settled } = await setup()
    Navigation.open(core, 'Account')
    const first = wallet.request(sign)
    const second = wallet.request(send)
    expect(core.modal.get().stack.history).toEqual(['Account', 'ApproveTransaction'])
    expect(core.pending.get().map((request) => request.id)).toEqual([1, 2])
    wallet.cancelRequest(1)
    await expect(first).rejects.toMatchObject({ code: 4001 })
    await settled()
    expect(core.modal.get().stack.history).toEqual(['Account', 'ApproveTransaction'])
    expect(core.pending.get().map((request) => request.id)).toEqual([2])
    wallet.approveRequest(2)
    await expect(second).resolves.toBe('signed eth_sendTransaction')
    await settled()
    expect(core.modal.get()).toMatchObject({ open: true, stack: { history: ['Account'], transactions: [] } })
  })

  it('rejects every waiting request with 4001 when the user closes the modal', async () => {
    const { core, wallet, settled } = await setup()
    const answers = [wallet.request(sign), wallet.request(send)]
    Navigation.close(core)
    for (const answer of answers) await expect(answer).rejects.toMatchObject({ code: 4001 })
    await settled()
    expect(core.pending.get()).toEqual([])
    expect(core.modal.get().open).toBe(false)
  })

  it('rejects what waits when the user goes back from ApproveTransaction, and stays where they went', async () => {
    const { core, wallet, settled } = await setup()
    Navigation.open(core, 'Account')
    const answer = wallet.request(sign)
    Navigation.back(core)
    await expect(answer).rejects.toMatchObject({ code: 4001 })
    await settled()
    expect(core.modal.get()).toMatchObject({ open: true, stack: { history: ['Account'] } })
  })

  it('leaves requests answered in a wallet app to WalletRequest', async () => {
    const { core } = await setup()
    core.pending.set([{ id: 9, method: 'personal_sign', since: 0 }])
    expect(core.modal.get().stack.history).toEqual(['WalletRequest'])
    expect(core.modal.get().stack.transactions).toEqual([])
  })

  it('stops watching once stopped', async () => {
    const { core, wallet, stop } = await setup()
    stop()
    void wallet.request(sign).catch(() => {})
    expect(core.modal.get().stack.history).not.toContain('ApproveTransaction')
  })
})
