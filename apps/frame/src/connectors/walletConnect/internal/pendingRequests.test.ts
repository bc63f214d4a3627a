import { UserRejectedRequestError } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import * as PendingRequests from './pendingRequests.js'

describe('run', () => {
  it('lists the request while the wallet works and resolves with its answer', async () => {
    const pending = PendingRequests.create(() => 5)
    let answer!: (value: string) => void
    const result = pending.run('personal_sign', () => new Promise<string>((resolve) => (answer = resolve)))
    expect(pending.get()).toEqual([{ id: 1, method: 'personal_sign', since: 5 }])
    answer('0xsig')
    await expect(result).resolves.toBe('0xsig')
    expect(pending.get()).toEqual([])
  })

  it('cancel rejects the host request with 4001 at once and drops the late answer', async () => {
    const pending = PendingRequests.create()
    let answer!: (value: string) => void
    const result = pending.run(
      'eth_sendTransaction',
      () => new Promise<string>((resolve) => (answer = resolve)),
    )
    const [first] = pending.get()
    pending.cancel(first?.id ?? 0)
    await expect(result).rejects.toBeInstanceOf(UserRejectedRequestError)
    await expect(result).rejects.toMatchObject({ code: 4001 })
    answer('0xlate')
    expect(pending.get()).toEqual([])
  })

  it("passes the wallet's rejection through", async () => {
    const pending = PendingRequests.create()
    const result = pending.run('personal_sign', () => Promise.reject(new UserRejectedRequestError()))
    await expect(result).rejects.toMatchObject({ code: 4001 })
    expect(pending.get()).toEqual([])
  })
})
