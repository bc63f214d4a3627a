// Social login end to end against the devstack's OAuth / OpenID Connect stand-in over HTTP: the
// authorize page, the user's choice, the redirect (Apple: a self-posting form) to the API's callback,
// the code exchange and ID-token / user-endpoint checks, then the frame's poll and CONNECT.

import { oauthProviderNames, startOAuthProvider } from '@walletframe/devstack'
import type { AuthAttemptStatus, AuthConnected, SocialStartResponse } from '@walletframe/protocol'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AuthHarness, frameOrigin, newDevice, startAuthHarness } from './testing.js'

let h: AuthHarness
let provider: Awaited<ReturnType<typeof startOAuthProvider>>
beforeAll(async () => {
  provider = await startOAuthProvider()
  h = await startAuthHarness({ social: provider.settings })
})
afterAll(async () => {
  await h?.stop()
  await provider?.stop()
})

const q = '?projectId=app'

/** Acts the popup: the authorize page, a choice of user, and the way back to the API's callback. */
async function popup(authorizationUrl: string, user: string): Promise<Response> {
  const page = await fetch(authorizationUrl)
  expect(page.status).toBe(200)
  expect(await page.text()).toContain('Alice Example')
  const form = new URLSearchParams(new URL(authorizationUrl).searchParams)
  form.set('user', user)
  const decided = await fetch(authorizationUrl.split('?')[0]!, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  })
  if (decided.status === 302) return h.api.request(decided.headers.get('location')!)
  // form_post: the page posts the code and state to the callback itself.
  const html = await decided.text()
  const action = /action="([^"]+)"/.exec(html)![1]!
  const fields = new URLSearchParams(
    [...html.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m): [string, string] => [m[1]!, m[2]!]),
  )
  expect(fields.get('code')).toBeTruthy()
  return h.api.request(action.replace(/&#38;/g, '&'), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: fields,
  })
}

async function begin(name: string) {
  const device = await newDevice()
  const response = await h.post(`/v1/auth/social/start${q}`, { provider: name, deviceKey: device.publicKey })
  expect(response.status).toBe(200)
  return { device, started: (await response.json()) as SocialStartResponse }
}

const emailOf: Record<string, string | undefined> = {
  google: 'alice@example.test',
  apple: 'alice@example.test',
  github: 'alice@example.test',
  discord: 'alice@example.test',
  // X gives no address; Facebook's is not vouched for.
  x: undefined,
  facebook: undefined,
}

describe.each(oauthProviderNames)('social login with %s', (name) => {
  it('round-trips through the stand-in and connects; the email is linked only when verified', async () => {
    const { started } = await begin(name)
    const url = new URL(started.authorizationUrl)
    expect(url.searchParams.get('code_challenge_method')).toBe('S256')
    expect(url.searchParams.has('nonce')).toBe(name === 'google' || name === 'apple')
    expect(url.searchParams.get('response_mode')).toBe(name === 'apple' ? 'form_post' : null)
    expect(started.authorizationUrl).not.toContain(started.attemptId)

    const pending = (await (
      await h.get(`/v1/auth/attempts/${started.attemptId}${q}`)
    ).json()) as AuthAttemptStatus
    expect(pending).toMatchObject({ kind: 'social', status: 'pending', provider: name })

    const back = await popup(started.authorizationUrl, 'alice')
    expect(back.status).toBe(303)
    const target = new URL(back.headers.get('location')!)
    expect(`${target.origin}${target.pathname}`).toBe(`${frameOrigin}/auth/callback`)
    expect(target.searchParams.get('status')).toBe('ready')

    const ready = (await (
      await h.get(`/v1/auth/attempts/${started.attemptId}${q}`)
    ).json()) as AuthAttemptStatus
    expect(ready.status).toBe('ready')
    const connected = (await (
      await h.post(`/v1/auth/social/connect${q}`, { attemptId: started.attemptId })
    ).json()) as AuthConnected
    expect(connected.action).toBe('CONNECT')
    expect(connected.user.authProvider).toBe(name)
    expect(connected.user.email).toBe(emailOf[name])
    const again = await h.post(`/v1/auth/social/connect${q}`, { attemptId: started.attemptId })
    expect(again.status).toBe(409)
  })
})

describe('social callback', () => {
  it('keys users by (provider, subject): the same account twice is one user; verified emails join one user', async () => {
    const first = await begin('google')
    await popup(first.started.authorizationUrl, 'alice')
    const a = (await (
      await h.post(`/v1/auth/social/connect${q}`, { attemptId: first.started.attemptId })
    ).json()) as AuthConnected
    const second = await begin('github')
    await popup(second.started.authorizationUrl, 'alice')
    const b = (await (
      await h.post(`/v1/auth/social/connect${q}`, { attemptId: second.started.attemptId })
    ).json()) as AuthConnected
    expect(b.user.id).toBe(a.user.id)
    expect(b.user.userName).toBe('alice-example')
  })

  it('links no unverified email', async () => {
    for (const name of ['google', 'discord', 'github'] as const) {
      const { started } = await begin(name)
      await popup(started.authorizationUrl, 'bob')
      const connected = (await (
        await h.post(`/v1/auth/social/connect${q}`, { attemptId: started.attemptId })
      ).json()) as AuthConnected
      expect(connected.user.email).toBeUndefined()
    }
  })

  it('refuses a replayed state and records a cancelled login as failed', async () => {
    const { started } = await begin('discord')
    const form = new URLSearchParams(new URL(started.authorizationUrl).searchParams)
    form.set('user', 'alice')
    const decided = await fetch(started.authorizationUrl.split('?')[0]!, {
      method: 'POST',
      body: form,
      redirect: 'manual',
    })
    const location = decided.headers.get('location')!
    expect((await h.api.request(location)).status).toBe(303)
    const replay = await h.api.request(location)
    expect(replay.status).toBe(404)
    expect(await replay.json()).toMatchObject({ code: 'AUTH_ATTEMPT_NOT_FOUND', field: 'state' })

    const cancelled = await begin('github')
    const back = await popup(cancelled.started.authorizationUrl, '')
    expect(new URL(back.headers.get('location')!).searchParams.get('status')).toBe('failed')
    const status = (await (
      await h.get(`/v1/auth/attempts/${cancelled.started.attemptId}${q}`)
    ).json()) as AuthAttemptStatus
    expect(status).toMatchObject({
      status: 'failed',
      error: { code: 'SOCIAL_LOGIN_FAILED', message: 'The login was cancelled at the provider' },
    })
  })

  it('answers a provider that is not configured with AUTH_NOT_CONFIGURED', async () => {
    const bare = await startAuthHarness()
    try {
      const device = await newDevice()
      const response = await bare.post(`/v1/auth/social/start${q}`, {
        provider: 'google',
        deviceKey: device.publicKey,
      })
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({ code: 'AUTH_NOT_CONFIGURED' })
    } finally {
      await bare.stop()
    }
  })
})
