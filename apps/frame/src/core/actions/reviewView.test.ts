import { evmNetwork } from '@walletframe/protocol/testing'
import { describe, expect, it } from 'vitest'
import { coreWith } from '../../testing.js'
import * as ReviewGate from '../reviewGate.js'
import * as Navigation from './navigation.js'
import * as ReviewView from './reviewView.js'

const send = { method: 'eth_sendTransaction', params: [{ to: '0xabc' }], network: 'eip155:1' }
const settled = () => new Promise((resolve) => setTimeout(resolve, 0))

function setup() {
  const core = coreWith([evmNetwork(1, 'Ethereum')])
  const gate = ReviewGate.create()
  ReviewView.watch(core, gate)
  return { core, gate }
}

describe('watch', () => {
  it('opens the closed modal on ReviewRequest and closes it once the user continues', async () => {
    const { core, gate } = setup()
    const asked = gate.ask(send)
    expect(core.modal.get().open).toBe(true)
    expect(Navigation.current(core)).toBe('ReviewRequest')
    gate.proceed(1)
    await asked
    await settled()
    expect(core.modal.get().open).toBe(false)
  })

  it('rejects what waits with 4001 when the user closes the modal', async () => {
    const { core, gate } = setup()
    const asked = gate.ask(send)
    Navigation.close(core)
    await expect(asked).rejects.toMatchObject({ code: 4001 })
    expect(gate.get()).toEqual([])
  })
})
