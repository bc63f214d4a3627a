// The frame's side of Sign In With Farcaster: a start opens the relay channel with this device's key
// and answers its URL; each look at the attempt says whether the API has verified the signed message,
// failing in the API's words. The API is replaced at its boundary by a recorder answering the statuses
// a real login goes through.
import type { AuthAttemptStatus } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import * as Farcaster from './farcaster.js'

const deviceKey = { kty: 'EC', crv: 'P-256', x: 'x'.repeat(43), y: 'y'.repeat(43) } as const
const channelUrl = 'farcaster://connect?channelToken=ABCDEFGH'

function api(statuses: AuthAttemptStatus['status'][], error?: AuthAttemptStatus['error']) {
  const calls: string[] = []
  return {
    calls,
    api: {
      async farcasterStart(key: typeof deviceKey) {
        expect(key).toBe(deviceKey)
        calls.push('start')
        return { attemptId: 'attempt-1', channelUrl, expiresAt: new Date().toISOString() }
      },
      async attempt(id: string): Promise<AuthAttemptStatus> {
        calls.push(`look ${id}`)
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
    },
  }
}

describe('start', () => {
  it('opens a channel for this device, whose attempt is ready once the API has verified the sign-in', async () => {
    const { api: boundary, calls } = api(['pending', 'ready'])
    const login = await Farcaster.start(boundary, deviceKey)
    expect(login).toMatchObject({ attemptId: 'attempt-1', channelUrl })
    expect(await login.ready()).toBe(false)
    expect(await login.ready()).toBe(true)
    expect(calls).toEqual(['start', 'look attempt-1', 'look attempt-1'])
  })

  it("fails in the API's words when the sign-in does not check out", async () => {
    const { api: boundary } = api(['failed'], {
      code: 'FARCASTER_LOGIN_FAILED',
      message: 'The Farcaster sign-in does not check out (Invalid nonce); start again',
    })
    const login = await Farcaster.start(boundary, deviceKey)
    await expect(login.ready()).rejects.toMatchObject({
      code: 'FARCASTER_LOGIN_FAILED',
      message: 'The Farcaster sign-in does not check out (Invalid nonce); start again',
    })
  })

  it('fails for an attempt that ran out of time', async () => {
    const login = await Farcaster.start(api(['expired']).api, deviceKey)
    await expect(login.ready()).rejects.toThrow('This login took longer than 10 minutes; start again')
  })
})
