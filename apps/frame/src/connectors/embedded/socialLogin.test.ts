// The frame's side of a social login: the API gets only the SHA-256 of the binding secret; the secret
// goes, with the attempt, to the popup this frame opened — answering its hello, on the frame's own
// origin — and to no other window or origin, until the attempt is ended; each look at the attempt
// says whether the popup has finished it (ready), failing in the API's words. The API is a recorder at
// its boundary.
import type { AuthAttemptStatus } from '@walletframe/protocol'
import { describe, expect, it, vi } from 'vitest'
import * as SocialPopup from '../../lib/socialPopup.js'
import * as SocialLogin from './socialLogin.js'

const origin = 'https://frame.example'
const deviceKey = { kty: 'EC', crv: 'P-256', x: 'x'.repeat(43), y: 'y'.repeat(43) } as const
const attemptId = 'A'.repeat(22)
const authorizationUrl = 'https://provider.example/authorize?state=s'

function setup(statuses: (AuthAttemptStatus['status'] | 'hello')[], error?: AuthAttemptStatus['error']) {
  const listeners = new Set<(event: MessageEvent) => void>()
  const win: SocialLogin.FrameWindow = {
    location: { origin },
    addEventListener: (_type, listener) => listeners.add(listener),
    removeEventListener: (_type, listener) => listeners.delete(listener),
  }
  const popup = { postMessage: vi.fn() }
  const deliver = (event: { data: unknown; origin: string; source: unknown }) => {
    for (const listener of [...listeners]) listener(event as MessageEvent)
  }
  const hello = () => deliver({ data: { type: SocialPopup.helloType }, origin, source: popup })
  const started: string[] = []
  const polls: string[] = []
  const login = SocialLogin.create({
    api: {
      async socialStart(provider, key, bindingChallenge) {
        expect(key).toBe(deviceKey)
        started.push(`${provider} ${bindingChallenge}`)
        return { attemptId, authorizationUrl, expiresAt: new Date().toISOString() }
      },
      async attempt(id) {
        polls.push(id)
        let status = statuses.shift() ?? 'pending'
        // A scripted hello from the popup page while the frame polls.
        while (status === 'hello') {
          hello()
          status = statuses.shift() ?? 'pending'
        }
        return {
          attemptId: id,
          kind: 'social',
          provider: 'google',
          status,
          expiresAt: new Date().toISOString(),
          ...(error && status === 'failed' ? { error } : {}),
        }
      },
    },
    deviceKey: async () => deviceKey,
    projectId: () => 'project-1',
    sdk: () => ({ type: 'walletframe', version: '1.0.0' }),
    win,
  })
  return { login, popup, deliver, hello, started, polls, listeners }
}

/** Looks at `attempt` until it is ready (the waiting between looks is core's: none here). */
async function untilReady(attempt: SocialLogin.SocialAttempt) {
  while (!(await attempt.ready())) {}
}

describe('start', () => {
  it('hands the attempt and the binding secret to its popup only, until the attempt is ended', async () => {
    const { login, popup, deliver, hello, started, polls, listeners } = setup([
      'pending',
      'hello',
      'pending',
      'ready',
    ])
    // Hellos from another window, or from another origin, are not answered.
    const attempt = await login.start('google', popup, new AbortController().signal)
    deliver({ data: { type: SocialPopup.helloType }, origin, source: {} })
    deliver({ data: { type: SocialPopup.helloType }, origin: 'https://evil.example', source: popup })
    expect(attempt.attemptId).toBe(attemptId)
    await untilReady(attempt)
    expect(polls).toEqual([attemptId, attemptId, attemptId])
    expect(popup.postMessage).toHaveBeenCalledTimes(1)
    const [message, target] = popup.postMessage.mock.calls[0] as [SocialPopup.Begin, string]
    expect(target).toBe(origin)
    expect(SocialPopup.Begin.parse(message)).toEqual({
      type: SocialPopup.beginType,
      attemptId,
      binding: message.binding,
      projectId: 'project-1',
      authorizationUrl,
      sdk: { type: 'walletframe', version: '1.0.0' },
    })
    // The API got the binding's SHA-256, never the binding.
    expect(started).toEqual([`google ${await SocialPopup.challengeOf(message.binding)}`])
    expect(started[0]).not.toContain(message.binding)
    attempt.end()
    expect(listeners.size).toBe(0)
    hello()
    expect(popup.postMessage).toHaveBeenCalledTimes(1)
  })

  it('answers a hello that came before the API did', async () => {
    const { login, popup, hello } = setup(['ready'])
    const starting = login.start('google', popup, new AbortController().signal)
    hello()
    await starting
    expect(popup.postMessage).toHaveBeenCalledTimes(1)
    expect(popup.postMessage.mock.calls[0]?.[0]).toMatchObject({ attemptId, type: SocialPopup.beginType })
  })

  it('hands nothing over and stops listening when the wait was cancelled while the API answered', async () => {
    const { login, popup, hello, listeners } = setup([])
    const controller = new AbortController()
    const starting = login.start('google', popup, controller.signal)
    hello()
    controller.abort('cancelled')
    await expect(starting).rejects.toBe('cancelled')
    expect(popup.postMessage).not.toHaveBeenCalled()
    expect(listeners.size).toBe(0)
  })
})

describe('ready', () => {
  it("fails in the API's words", async () => {
    const { login, popup } = setup(['failed'], {
      code: 'SOCIAL_LOGIN_FAILED',
      message: 'The login was cancelled at the provider',
    })
    const attempt = await login.start('google', popup, new AbortController().signal)
    await expect(attempt.ready()).rejects.toMatchObject({
      code: 'SOCIAL_LOGIN_FAILED',
      message: 'The login was cancelled at the provider',
    })
  })

  it('fails for an attempt that ran out of time or was used', async () => {
    const look = async (status: 'expired' | 'connected') =>
      (
        await setup([status]).login.start('google', { postMessage() {} }, new AbortController().signal)
      ).ready()
    await expect(look('expired')).rejects.toThrow('This login took longer than 10 minutes; start again')
    await expect(look('connected')).rejects.toThrow('This login was used already; start again')
  })
})
