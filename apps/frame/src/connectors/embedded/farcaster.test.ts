// The frame's side of Sign In With Farcaster: the channel URL is offered while the login waits, the
// attempt is polled until the API has verified the signed message, then CONNECT once with the device
// key's proof over the attempt; a failure arrives in the API's words; a reload (leaving
// ConnectingFarcaster) drops the wait; a re-authentication waits the same way and connects nothing. The API is replaced at its
// boundary by a recorder answering the statuses a real login goes through.
import type { AuthAttemptStatus, AuthConnected } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import * as Farcaster from './farcaster.js'

const deviceKey = { kty: 'EC', crv: 'P-256', x: 'x'.repeat(43), y: 'y'.repeat(43) } as const
const channelUrl = 'farcaster://connect?channelToken=ABCDEFGH'
const connected = { action: 'CONNECT' } as AuthConnected

function setup(statuses: AuthAttemptStatus['status'][], error?: AuthAttemptStatus['error']) {
  const calls: string[] = []
  const seen: (string | undefined)[] = []
  const login = Farcaster.create({
    api: {
      async farcasterStart(key) {
        expect(key).toBe(deviceKey)
        calls.push('start')
        return { attemptId: 'attempt-1', channelUrl, expiresAt: new Date().toISOString() }
      },
      async attempt(id) {
        calls.push(`poll ${id}`)
        seen.push(login.farcasterUrl.get())
        const status = statuses.shift() ?? 'pending'
        return {
          attemptId: id,
          kind: 'farcaster',
          provider: 'farcaster',
          status,
          expiresAt: new Date().toISOString(),
          ...(error && status === 'failed' ? { error } : {}),
        }
      },
      async farcasterConnect(id, proof) {
        calls.push(`connect ${id} ${proof.signature}`)
        return connected
      },
    },
    deviceKey: async () => deviceKey,
    proof: async (id) => ({ timestamp: 1, signature: `signed(${id})` }),
    async connected(answer) {
      expect(answer).toBe(connected)
      calls.push('connected')
    },
    // The poll interval is the caller's; here each wait ends at once unless a test holds it.
    wait: (_ms, signal) =>
      new Promise<void>((resolve, reject) => {
        if (statuses.length > 0) return resolve()
        signal.addEventListener('abort', () => reject(signal.reason))
      }),
    pollMs: 1_000,
  })
  return { login, calls, seen }
}

describe('run', () => {
  it('offers the channel URL while it polls, and connects once the API has verified the sign-in', async () => {
    const { login, calls, seen } = setup(['pending', 'pending', 'ready'])
    await login.run(new AbortController().signal)
    expect(calls).toEqual([
      'start',
      'poll attempt-1',
      'poll attempt-1',
      'poll attempt-1',
      'connect attempt-1 signed(attempt-1)',
      'connected',
    ])
    expect(seen).toEqual([channelUrl, channelUrl, channelUrl])
    expect(login.farcasterUrl.get()).toBeUndefined()
  })

  it("fails in the API's words when the sign-in does not check out", async () => {
    const { login, calls } = setup(['failed'], {
      code: 'FARCASTER_LOGIN_FAILED',
      message: 'The Farcaster sign-in does not check out (Invalid nonce); start again',
    })
    await expect(login.run(new AbortController().signal)).rejects.toMatchObject({
      code: 'FARCASTER_LOGIN_FAILED',
      message: 'The Farcaster sign-in does not check out (Invalid nonce); start again',
    })
    expect(calls.some((call) => call.startsWith('connect'))).toBe(false)
    expect(login.farcasterUrl.get()).toBeUndefined()
  })
})

describe('reauthenticate', () => {
  it('waits for the verified sign-in and answers the attempt, connecting nothing', async () => {
    const { login, calls, seen } = setup(['pending', 'ready'])
    expect(await login.reauthenticate(new AbortController().signal)).toBe('attempt-1')
    expect(calls).toEqual(['start', 'poll attempt-1', 'poll attempt-1'])
    expect(seen).toEqual([channelUrl, channelUrl])
    expect(login.farcasterUrl.get()).toBeUndefined()
  })
})

describe('reload', () => {
  it('drops the waiting login: the wait ends, the URL goes, nothing connects', async () => {
    const { login, calls } = setup(['pending'])
    const running = login.run(new AbortController().signal)
    await expect.poll(() => login.farcasterUrl.get()).toBe(channelUrl)
    await expect.poll(() => calls.length).toBe(2)
    login.reload()
    await expect(running).rejects.toBeDefined()
    expect(login.farcasterUrl.get()).toBeUndefined()
    expect(calls).toEqual(['start', 'poll attempt-1'])
  })
})
