import { describe, expect, it } from 'vitest'
import * as TokenBucket from '../internal/TokenBucket.js'
import type { Grant, Rule } from './gcra.js'
import * as LimitStore from './LimitStore.js'

/** A backend whose answers the test releases by hand, recording what it was asked. */
function manualBackend() {
  const calls: { key: string; count: number; answer(grant: Grant): void; fail(error: Error): void }[] = []
  const backend: LimitStore.Backend = {
    take: (key: string, _rule: Rule, count: number) =>
      new Promise<Grant>((answer, fail) => calls.push({ key, count, answer, fail })),
    close: async () => {},
  }
  return { backend, calls }
}

const rule = { capacity: 2, refillPerSecond: 1 }
const settle = () => new Promise((resolve) => setImmediate(resolve))

describe('shared', () => {
  it('sends takes of one key that arrive while one is in flight as one batch', async () => {
    const { backend, calls } = manualBackend()
    const store = LimitStore.shared(backend)
    const first = store.take('k', rule)
    const rest = [store.take('k', rule), store.take('k', rule), store.take('k', rule)]
    const other = store.take('other', rule)
    await settle()
    expect(calls.map(({ key, count }) => [key, count])).toEqual([
      ['k', 1],
      ['other', 1],
    ])
    calls[0]!.answer({ granted: 1, waitSeconds: 0 })
    expect(await first).toBe(0)
    await settle()
    expect(calls[2]).toMatchObject({ key: 'k', count: 3 })
    // The bucket held one more token: the first of the batch gets it, the others wait.
    calls[2]!.answer({ granted: 1, waitSeconds: 1.5 })
    expect(await Promise.all(rest)).toEqual([0, 2, 2])
    calls[1]!.answer({ granted: 1, waitSeconds: 0 })
    expect(await other).toBe(0)
  })

  it('answers a refused key from memory until its next token can exist', async () => {
    let now = 0
    const { backend, calls } = manualBackend()
    const store = LimitStore.shared(backend, { now: () => now })
    const refused = store.take('k', rule)
    await settle()
    calls[0]!.answer({ granted: 0, waitSeconds: 4.2 })
    expect(await refused).toBe(5)
    now = 3_000
    expect(await store.take('k', rule)).toBe(2)
    expect(calls).toHaveLength(1)
    now = 4_200
    const again = store.take('k', rule)
    await settle()
    expect(calls).toHaveLength(2)
    calls[1]!.answer({ granted: 1, waitSeconds: 0 })
    expect(await again).toBe(0)
  })

  it('fails every take of a batch whose round trip failed, and serves the next batch', async () => {
    const { backend, calls } = manualBackend()
    const store = LimitStore.shared(backend)
    const first = store.take('k', rule)
    const second = store.take('k', rule)
    await settle()
    calls[0]!.fail(new Error('connection refused'))
    await expect(first).rejects.toThrow('connection refused')
    await settle()
    calls[1]!.answer({ granted: 1, waitSeconds: 0 })
    expect(await second).toBe(0)
  })
})

describe('limiter', () => {
  it('keeps its keys apart from other limits under its name', async () => {
    const store = TokenBucket.create({ now: () => 0 })
    const options = { onStoreError: 'allow' } as const
    const perIp = LimitStore.limiter(store, 'ip', { capacity: 1, refillPerSecond: 1 }, options)
    const perProject = LimitStore.limiter(store, 'project', { capacity: 1, refillPerSecond: 1 }, options)
    expect(await perIp.take('x')).toBe(0)
    expect(await perProject.take('x')).toBe(0)
    expect(await perIp.take('x')).toBe(1)
  })

  /** A store that fails while `failure` is set, and otherwise refuses with 3 s to wait. */
  function flaky() {
    const state: { failure: Error | undefined } = { failure: new Error('ECONNREFUSED') }
    const store: LimitStore.LimitStore = {
      take: async () => {
        if (state.failure) throw state.failure
        return 3
      },
      close: async () => {},
    }
    return { store, state }
  }

  it('admits while its store fails under `allow`, and says so once per distinct failure', async () => {
    const logs: string[] = []
    const { store, state } = flaky()
    const limiter = LimitStore.limiter(store, 'ip', rule, {
      onStoreError: 'allow',
      log: (line) => logs.push(line),
    })
    expect([await limiter.take('a'), await limiter.take('b')]).toEqual([0, 0])
    expect(logs).toEqual(['rate limit "ip" not applied, its store failed: ECONNREFUSED'])
    state.failure = undefined
    expect(await limiter.take('a')).toBe(3)
  })

  it("fails each take with the store's error while it fails under `refuse`, then limits again", async () => {
    const logs: string[] = []
    const { store, state } = flaky()
    const limiter = LimitStore.limiter(store, 'otp', rule, {
      onStoreError: 'refuse',
      log: (line) => logs.push(line),
    })
    await expect(limiter.take('a')).rejects.toThrow('ECONNREFUSED')
    await expect(limiter.take('b')).rejects.toThrow('ECONNREFUSED')
    expect(logs).toEqual([])
    state.failure = undefined
    expect(await limiter.take('a')).toBe(3)
  })
})
