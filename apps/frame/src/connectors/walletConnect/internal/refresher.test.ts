import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as ConnectionState from './connectionState.js'
import * as Refresher from './refresher.js'

type Deferred<T> = { promise: Promise<T>; resolve(value: T): void; reject(error: Error): void }
function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void
  let reject!: (error: Error) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

describe('create', () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_700_000_000_000 }))
  afterEach(() => vi.useRealTimers())

  function setup() {
    const state = ConnectionState.create()
    const approvals: Deferred<string>[] = []
    let count = 0
    const approved = vi.fn()
    const pairing = Refresher.create<string>({
      state,
      onApproved: approved,
      now: () => Date.now(),
      async createPairing() {
        count++
        const approval = deferred<string>()
        approvals.push(approval)
        const expiry = Math.floor((Date.now() + 5 * 60_000) / 1000)
        return {
          uri: `wc:topic${count}@2?relay-protocol=irn&expiryTimestamp=${expiry}`,
          approval: approval.promise,
        }
      },
    })
    return { state, pairing, approvals, approved }
  }

  it('shows a URI and replaces it 10 s before its 4-minute lifetime ends', async () => {
    const { state, pairing } = setup()
    await pairing.start()
    expect(state.get().wcUri).toContain('wc:topic1@2')
    await vi.advanceTimersByTimeAsync(4 * 60_000 - 10_001)
    expect(state.get().wcUri).toContain('wc:topic1@2')
    await vi.advanceTimersByTimeAsync(2)
    expect(state.get().wcUri).toContain('wc:topic2@2')
    expect(ConnectionState.isPairingExpired(state.get(), Date.now())).toBe(false)
  })

  it('reports the approval of the current URI and stops refreshing', async () => {
    const { pairing, approvals, approved } = setup()
    await pairing.start()
    approvals[0]?.resolve('session')
    await vi.advanceTimersByTimeAsync(0)
    expect(approved).toHaveBeenCalledWith('session')
    expect(pairing.active).toBe(false)
  })

  it('ignores the approval of a URI that was replaced', async () => {
    const { pairing, approvals, approved } = setup()
    await pairing.start()
    await pairing.start()
    approvals[0]?.resolve('stale')
    await vi.advanceTimersByTimeAsync(0)
    expect(approved).not.toHaveBeenCalled()
  })

  it('shows the failure of the current pairing as wcError', async () => {
    const { state, pairing, approvals } = setup()
    await pairing.start()
    approvals[0]?.reject(new Error('Proposal expired'))
    await vi.advanceTimersByTimeAsync(0)
    expect(state.get().wcError).toBe('Proposal expired')
  })

  it('shows a relay failure while creating the pairing and recovers on retry', async () => {
    const state = ConnectionState.create()
    let fail = true
    const pairing = Refresher.create<string>({
      state,
      onApproved: () => {},
      async createPairing() {
        if (fail) throw new Error('Cannot reach the relay')
        return { uri: 'wc:ok@2?relay-protocol=irn', approval: new Promise<string>(() => {}) }
      },
    })
    await pairing.start()
    expect(state.get()).toMatchObject({ wcError: 'Cannot reach the relay', buffering: false })
    fail = false
    await pairing.start()
    expect(state.get()).toMatchObject({ wcError: undefined, wcUri: 'wc:ok@2?relay-protocol=irn' })
    pairing.stop()
  })
})
