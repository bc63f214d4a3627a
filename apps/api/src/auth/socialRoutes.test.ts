// Social login end to end against the devstack's OAuth / OpenID Connect stand-in over HTTP: the
// authorize page, the user's choice, the redirect (Apple: a self-posting form) to the API's callback,
// the code exchange and ID-token / user-endpoint checks, the popup's binding, then the frame's poll and
// CONNECT — and the attacks on that chain: a login started in one browser and finished in another.

import { oauthProviderNames, startOAuthProvider } from '@walletframe/devstack'
import type { AuthAttemptStatus, AuthConnected } from '@walletframe/protocol'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authAttempts } from '../db/schema.js'
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

const emailOf: Record<string, string | undefined> = {
  google: 'alice@example.test',
  apple: 'alice@example.test',
  github: 'alice@example.test',
  discord: 'alice@example.test',
  // X gives no address; Facebook's is not vouched for.
  x: undefined,
  facebook: undefined,
}

const status = async (attemptId: string) =>
  (await (await h.get(`/v1/auth/attempts/${attemptId}${q}`)).json()) as AuthAttemptStatus

describe.each(oauthProviderNames)('social login with %s', (name) => {
  it('round-trips through the stand-in, completes in the starting popup and connects; the email is linked only when verified', async () => {
    const { device, binding, started } = await h.socialStart(name)
    const url = new URL(started.authorizationUrl)
    expect(url.searchParams.get('code_challenge_method')).toBe('S256')
    expect(url.searchParams.has('nonce')).toBe(name === 'google' || name === 'apple')
    expect(url.searchParams.get('response_mode')).toBe(name === 'apple' ? 'form_post' : null)
    expect(started.authorizationUrl).not.toContain(started.attemptId)
    expect(started.authorizationUrl).not.toContain(binding)

    expect(await status(started.attemptId)).toMatchObject({
      kind: 'social',
      status: 'pending',
      provider: name,
    })

    const back = await h.socialPopup(started.authorizationUrl, 'alice')
    expect(back.status).toBe(303)
    const target = new URL(back.headers.get('location')!)
    expect(`${target.origin}${target.pathname}`).toBe(`${frameOrigin}/auth/callback`)
    expect(target.searchParams.get('status')).toBe('returned')
    expect(target.searchParams.get('completion')).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(target.href).not.toContain(started.attemptId)
    // The provider's return alone finishes nothing.
    expect((await status(started.attemptId)).status).toBe('pending')

    const completed = await h.socialComplete(started.attemptId, back, binding)
    expect(completed.status).toBe(200)
    expect(await completed.json()).toEqual({ status: 'ready' })
    expect((await status(started.attemptId)).status).toBe('ready')

    const connected = (await (
      await h.post(`/v1/auth/social/connect${q}`, {
        attemptId: started.attemptId,
        proof: await device.connectProof(started.attemptId),
      })
    ).json()) as AuthConnected
    expect(connected.action).toBe('CONNECT')
    expect(connected.user.authProvider).toBe(name)
    expect(connected.user.email).toBe(emailOf[name])
    const again = await h.post(`/v1/auth/social/connect${q}`, {
      attemptId: started.attemptId,
      proof: await device.connectProof(started.attemptId),
    })
    expect(again.status).toBe(409)
  })
})

describe('login CSRF: nobody finishes a login someone else started', () => {
  it("the victim who signs in at the attacker's authorization URL hands the attacker nothing", async () => {
    // The attacker starts, with their own device key and binding secret, and sends the URL to a victim.
    const attacker = await h.socialStart('google')
    const { attemptId } = attacker.started
    // The victim signs in at the provider; the provider returns to the API in the victim's browser.
    const back = await h.socialPopup(attacker.started.authorizationUrl, 'alice')
    expect(back.status).toBe(303)
    // The victim's browser holds the completion secret but not the binding secret: it cannot finish.
    const victimGuess = await h.socialComplete(attemptId, back, newBinding())
    expect(victimGuess.status).toBe(403)
    expect(await victimGuess.json()).toMatchObject({ code: 'LOGIN_NOT_BOUND' })
    // The attacker holds the binding secret but not the completion secret the victim's browser got.
    const forged = await h.post(`/v1/auth/social/complete${q}`, {
      attemptId,
      completion: newBinding(),
      binding: attacker.binding,
    })
    expect(forged.status).toBe(403)
    // The attempt never becomes ready, and CONNECT gives the attacker no session of the victim.
    expect((await status(attemptId)).status).toBe('pending')
    const connect = await h.post(`/v1/auth/social/connect${q}`, {
      attemptId,
      proof: await attacker.device.connectProof(attemptId),
    })
    expect(connect.status).toBe(409)
    expect(await connect.json()).toMatchObject({ code: 'AUTH_ATTEMPT_STATE' })
    expect(await connect.text().catch(() => '')).not.toContain('accessToken')
  })

  it('CONNECT takes the starting device key’s fresh proof: another key, a replayed proof or none are refused', async () => {
    const { device, binding, started } = await h.socialStart('github')
    const back = await h.socialPopup(started.authorizationUrl, 'alice')
    expect((await h.socialComplete(started.attemptId, back, binding)).status).toBe(200)
    const other = await newDevice()
    const wrongKey = await h.post(`/v1/auth/social/connect${q}`, {
      attemptId: started.attemptId,
      proof: await other.connectProof(started.attemptId),
    })
    expect(wrongKey.status).toBe(401)
    expect(await wrongKey.json()).toMatchObject({ code: 'DEVICE_PROOF_REJECTED' })
    const missing = await h.post(`/v1/auth/social/connect${q}`, { attemptId: started.attemptId })
    expect(missing.status).toBe(400)
    const stale = await h.post(`/v1/auth/social/connect${q}`, {
      attemptId: started.attemptId,
      proof: await device.connectProof(started.attemptId, Date.now() - 6 * 60_000),
    })
    expect(stale.status).toBe(401)
    const proof = await device.connectProof(started.attemptId)
    const first = await h.post(`/v1/auth/social/connect${q}`, { attemptId: started.attemptId, proof })
    expect(first.status).toBe(200)
    const replayed = await h.post(`/v1/auth/social/connect${q}`, { attemptId: started.attemptId, proof })
    expect(replayed.status).toBe(401)
    expect(await replayed.json()).toMatchObject({ code: 'DEVICE_PROOF_REJECTED' })
  })

  it('a completed attempt expires 10 minutes after its start like a pending one', async () => {
    const { device, binding, started } = await h.socialStart('discord')
    const back = await h.socialPopup(started.authorizationUrl, 'alice')
    expect((await h.socialComplete(started.attemptId, back, binding)).status).toBe(200)
    // Eleven minutes later (the row's end moved back is the clock moved forward).
    await h.database.db
      .update(authAttempts)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(authAttempts.id, started.attemptId))
    expect((await status(started.attemptId)).status).toBe('expired')
    const late = await h.post(`/v1/auth/social/connect${q}`, {
      attemptId: started.attemptId,
      proof: await device.connectProof(started.attemptId),
    })
    expect(late.status).toBe(400)
    expect(await late.json()).toMatchObject({ code: 'AUTH_ATTEMPT_EXPIRED' })
  })
})

function newBinding(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url')
}

describe('social callback', () => {
  it('keys users by (provider, subject): the same account twice is one user; verified emails join one user', async () => {
    const a = await h.socialLogin('google', 'alice')
    const b = await h.socialLogin('github', 'alice')
    expect(b.connected.user.id).toBe(a.connected.user.id)
    expect(b.connected.user.userName).toBe('alice-example')
  })

  it('links no unverified email', async () => {
    for (const name of ['google', 'discord', 'github'] as const) {
      const { connected } = await h.socialLogin(name, 'bob')
      expect(connected.user.email).toBeUndefined()
    }
  })

  it('refuses a replayed state and records a cancelled login as failed', async () => {
    const { started } = await h.socialStart('discord')
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

    const cancelled = await h.socialStart('github')
    const back = await h.socialPopup(cancelled.started.authorizationUrl, '')
    expect(new URL(back.headers.get('location')!).searchParams.get('status')).toBe('failed')
    expect(await status(cancelled.started.attemptId)).toMatchObject({
      status: 'failed',
      error: { code: 'SOCIAL_LOGIN_FAILED', message: 'The login was cancelled at the provider' },
    })
  })

  it('answers a form post over 16 KB with 413, also when chunked (no Content-Length)', async () => {
    const big = `state=${'a'.repeat(20 * 1024)}`
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        const bytes = new TextEncoder().encode(big)
        for (let at = 0; at < bytes.length; at += 1024) controller.enqueue(bytes.slice(at, at + 1024))
        controller.close()
      },
    })
    const response = await h.api.request('/v1/auth/social/callback/apple', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: chunked,
      // Node's fetch needs it for a stream body; RequestInit's type does not name it yet.
      duplex: 'half',
    } as RequestInit)
    expect(response.status).toBe(413)
    expect(await response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' })
  })

  it('answers a provider that is not configured with AUTH_NOT_CONFIGURED', async () => {
    const bare = await startAuthHarness()
    try {
      const { response } = await bare.socialStart('google')
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({ code: 'AUTH_NOT_CONFIGURED' })
    } finally {
      await bare.stop()
    }
  })

  it('outside development, refuses to start without a configured publicUrl rather than trust the Host header', async () => {
    const { createApi } = await import('../createApi.js')
    const Config = await import('../Config.js')
    const TokenBucket = await import('../internal/TokenBucket.js')
    const { evmNetwork } = await import('@walletframe/protocol/testing')
    const bare = createApi({
      limitStore: TokenBucket.create(),
      config: Config.parse({
        version: 1,
        networks: [evmNetwork(1, 'Ethereum')],
        options: {
          frameOrigins: [frameOrigin],
          auth: { secret: 'x'.repeat(40), social: provider.settings },
        },
      }),
      db: h.database.db,
    })
    const device = await newDevice()
    const response = await bare.request(`http://attacker.example/v1/auth/social/start${q}`, {
      method: 'POST',
      headers: { origin: frameOrigin, host: 'attacker.example', 'content-type': 'application/json' },
      body: JSON.stringify({
        provider: 'google',
        deviceKey: device.publicKey,
        bindingChallenge: newBinding(),
      }),
    })
    expect(response.status).toBe(400)
    const body = (await response.json()) as { code: string; error: string }
    expect(body.code).toBe('AUTH_NOT_CONFIGURED')
    expect(JSON.stringify(body)).not.toContain('attacker.example')
  })
})
