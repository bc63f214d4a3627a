// The frame's side of a social login: the API gets only the SHA-256 of the binding secret; the secret
// goes, with the attempt, to the popup this frame opened — answering its hello, on the frame's own
// origin — and to no other window or origin; the frame then polls the attempt until the popup has
// finished it (ready), failing in the API's words. The API is a recorder at its boundary.
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
    wait: async () => {},
    pollMs: 1_000,
  })
  return { login, popup, deliver, hello, started, polls, listeners }
}

describe('complete', () => {
  it('hands the attempt and the binding secret to its popup only, and answers the attempt once ready', async () => {
    const { login, popup, deliver, started, polls, listeners } = setup([
      'pending',
      'hello',
      'pending',
      'ready',
    ])
    // Hellos from another window, or from another origin, are not answered.
    const running = login.complete('google', popup, new AbortController().signal)
    deliver({ data: { type: SocialPopup.helloType }, origin, source: {} })
    deliver({ data: { type: SocialPopup.helloType }, origin: 'https://evil.example', source: popup })
    expect(await running).toBe(attemptId)
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
    expect(listeners.size).toBe(0)
  })

  it('answers a hello that came before the API did', async () => {
    const { login, popup, hello } = setup(['ready'])
    const running = login.complete('google', popup, new AbortController().signal)
    hello()
    await running
    expect(popup.postMessage).toHaveBeenCalledTimes(1)
    expect(popup.postMessage.mock.calls[0]?.[0]).toMatchObject({ attemptId, type: SocialPopup.beginType })
  })

  it("fails in the API's words, and stops listening", async () => {
    const { login, popup, listeners } = setup(['failed'], {
      code: 'SOCIAL_LOGIN_FAILED',
      message: 'The login was cancelled at the provider',
    })
    await expect(login.complete('google', popup, new AbortController().signal)).rejects.toMatchObject({
      code: 'SOCIAL_LOGIN_FAILED',
      message: 'The login was cancelled at the provider',
    })
    expect(listeners.size).toBe(0)
  })

  it('fails for an attempt that ran out of time or was used', async () => {
    await expect(
      setup(['expired']).login.complete('google', { postMessage() {} }, new AbortController().signal),
    ).rejects.toThrow('This login took longer than 10 minutes; start again')
    await expect(
      setup(['connected']).login.complete('google', { postMessage() {} }, new AbortController().signal),
    ).rejects.toThrow('This login was used already; start again')
  })
})
