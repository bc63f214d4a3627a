import { UserRejectedRequestError } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import * as ReviewGate from './reviewGate.js'

const send = { method: 'eth_sendTransaction', params: [{ to: '0xabc' }], network: 'eip155:1' }

describe('create', () => {
  it('holds a request until the user continues, then lets it go and forgets it', async () => {
    const gate = ReviewGate.create()
    const asked = gate.ask(send)
    expect(gate.get()).toEqual([{ ...send, id: 1 }])
    gate.proceed(1)
    await expect(asked).resolves.toBeUndefined()
    expect(gate.get()).toEqual([])
  })

  it('answers 4001 "User rejected the request." on Reject, and to everything waiting on rejectAll', async () => {
    const gate = ReviewGate.create()
    const rejected = gate.ask(send).catch((error: unknown) => error)
    gate.reject(1)
    expect(await rejected).toBeInstanceOf(UserRejectedRequestError)
    expect(await rejected).toMatchObject({ code: 4001, message: 'User rejected the request.' })
    const waiting = [gate.ask(send), gate.ask(send)]
    gate.rejectAll()
    for (const asked of waiting) await expect(asked).rejects.toMatchObject({ code: 4001 })
    expect(gate.get()).toEqual([])
  })

  it('never lets a blocked request go, and ends it with 4001 "Action not allowed"', async () => {
    const gate = ReviewGate.create()
    const blocked = gate.ask(send)
    gate.block(1)
    gate.proceed(1)
    await expect(blocked).rejects.toMatchObject({ code: 4001, message: 'Action not allowed' })
    const closed = gate.ask(send)
    gate.block(2)
    gate.rejectAll()
    await expect(closed).rejects.toMatchObject({ code: 4001, message: 'Action not allowed' })
  })
})
