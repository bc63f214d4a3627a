import { UserRejectedRequestError } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import * as Approvals from './approvals.js'

const sign = { method: 'personal_sign', params: ['0x68656c6c6f', '0xabc'], network: 'eip155:1' as const }
const send = { method: 'eth_sendTransaction', params: [{ to: '0xabc' }], network: 'eip155:1' as const }

describe('needsApproval', () => {
  it('asks for signing and sending calls, not for reads or account queries', () => {
    for (const method of [...Approvals.notSafeMethods]) expect(Approvals.needsApproval(method)).toBe(true)
    for (const method of ['eth_accounts', 'eth_chainId', 'eth_call', 'eth_getBalance', 'solana_getAccounts'])
      expect(Approvals.needsApproval(method)).toBe(false)
  })
})

describe('run', () => {
  it('lists the request with its parameters and signs only once it is approved', async () => {
    const approvals = Approvals.create(() => 42)
    let signed = 0
    const answer = approvals.run(sign, async () => {
      signed += 1
      return '0xsigned'
    })
    expect(approvals.get()).toEqual([
      { id: 1, method: 'personal_sign', since: 42, inFrame: true, params: sign.params, network: 'eip155:1' },
    ])
    await Promise.resolve()
    expect(signed).toBe(0)
    approvals.approve(1)
    await expect(answer).resolves.toBe('0xsigned')
    expect(signed).toBe(1)
    expect(approvals.get()).toEqual([])
  })

  it('rejects with 4001 and never signs when the user rejects', async () => {
    const approvals = Approvals.create()
    let signed = false
    const answer = approvals.run(sign, async () => {
      signed = true
      return '0x'
    })
    approvals.reject(1)
    const error = await answer.catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UserRejectedRequestError)
    expect(error).toMatchObject({ code: 4001, message: 'User rejected the request.' })
    expect(signed).toBe(false)
    expect(approvals.get()).toEqual([])
  })

  it('queues several requests in order and answers each on its own', async () => {
    const approvals = Approvals.create()
    const first = approvals.run(sign, async () => 'first')
    const second = approvals.run(send, async () => 'second')
    expect(approvals.get().map((request) => [request.id, request.method])).toEqual([
      [1, 'personal_sign'],
      [2, 'eth_sendTransaction'],
    ])
    approvals.reject(2)
    await expect(second).rejects.toMatchObject({ code: 4001 })
    expect(approvals.get().map((request) => request.id)).toEqual([1])
    approvals.approve(1)
    await expect(first).resolves.toBe('first')
  })

  it('passes on the failure of the signing itself', async () => {
    const approvals = Approvals.create()
    const answer = approvals.run(send, async () => {
      throw new Error('insufficient funds')
    })
    approvals.approve(1)
    await expect(answer).rejects.toThrow('insufficient funds')
  })

  it('rejects everything still waiting on rejectAll', async () => {
    const approvals = Approvals.create()
    const answers = [approvals.run(sign, async () => 1), approvals.run(send, async () => 2)]
    approvals.rejectAll()
    for (const answer of answers) await expect(answer).rejects.toMatchObject({ code: 4001 })
    expect(approvals.get()).toEqual([])
  })
})

describe('block', () => {
  it('keeps a blocked request waiting, never signs it, and ends it with 4001 "Action not allowed"', async () => {
    const approvals = Approvals.create()
    let signed = false
    const answer = approvals.run(send, async () => {
      signed = true
      return '0xhash'
    })
    approvals.block(1)
    expect(approvals.get().map((request) => request.id)).toEqual([1])
    approvals.approve(1)
    const error = await answer.catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UserRejectedRequestError)
    expect(error).toMatchObject({ code: 4001, message: 'Action not allowed' })
    expect(signed).toBe(false)
    expect(approvals.get()).toEqual([])
  })

  it('answers "Action not allowed" however the blocked request ends, and leaves the others as they were', async () => {
    const approvals = Approvals.create()
    const blocked = approvals.run(send, async () => 'sent')
    const other = approvals.run(sign, async () => 'signed')
    approvals.block(1)
    approvals.rejectAll()
    await expect(blocked).rejects.toMatchObject({ code: 4001, message: 'Action not allowed' })
    await expect(other).rejects.toMatchObject({ code: 4001, message: 'User rejected the request.' })
  })
})
