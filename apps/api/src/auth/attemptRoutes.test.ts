// GET /v1/auth/attempts/{attemptId}: what the frame is told of a login it cannot see, for each kind
// and step, and nothing of an email update (another user's business) or of a secret.

import { startOAuthProvider } from '@walletframe/devstack'
import type { AuthAttemptStatus, EmailStartResponse } from '@walletframe/protocol'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { authAttempts } from '../db/schema.js'
import * as AttemptSignals from './attemptSignals.js'
import { type AuthHarness, frameOrigin, newDevice, startAuthHarness } from './testing.js'

let h: AuthHarness
let provider: Awaited<ReturnType<typeof startOAuthProvider>>
beforeAll(async () => {
  provider = await startOAuthProvider()
  h = await startAuthHarness({ social: provider.settings, emailCooldownSeconds: 7 })
})
afterAll(async () => {
  await h?.stop()
  await provider?.stop()
})

const q = '?projectId=app'
const status = async (attemptId: string) => {
  const response = await h.get(`/v1/auth/attempts/${attemptId}${q}`)
  return { code: response.status, body: (await response.json()) as AuthAttemptStatus & { code?: string } }
}

describe('GET /v1/auth/attempts/{attemptId}', () => {
  it('tells an email attempt’s action and the server’s cooldown, then connected', async () => {
    const email = `attempt-${Date.now()}@example.test`
    const device = await newDevice()
    const started = (await (
      await h.post(`/v1/auth/email/start${q}`, { email, deviceKey: device.publicKey })
    ).json()) as EmailStartResponse
    expect((await status(started.attemptId)).body).toMatchObject({
      kind: 'email',
      provider: 'email',
      action: 'VERIFY_OTP',
      status: 'ready',
      resendAfterSeconds: 7,
    })
    const { code } = await h.nextCode(email)
    await h.post(`/v1/auth/email/verify${q}`, {
      attemptId: started.attemptId,
      otp: code,
      proof: await device.connectProof(started.attemptId),
    })
    expect((await status(started.attemptId)).body).toMatchObject({ action: 'CONNECT', status: 'connected' })
  })

  it('keeps a social attempt pending until its own popup completes it, then ready, then connected', async () => {
    const { device, binding, started } = await h.socialStart('github')
    expect((await status(started.attemptId)).body.status).toBe('pending')
    const back = await h.socialPopup(started.authorizationUrl, 'alice')
    const returned = await status(started.attemptId)
    expect(returned.body.status).toBe('pending')
    expect(JSON.stringify(returned.body)).not.toContain(
      new URL(back.headers.get('location')!).searchParams.get('completion')!,
    )
    await h.socialComplete(started.attemptId, back, binding)
    expect((await status(started.attemptId)).body.status).toBe('ready')
    await h.post(`/v1/auth/social/connect${q}`, {
      attemptId: started.attemptId,
      proof: await device.connectProof(started.attemptId),
    })
    expect((await status(started.attemptId)).body.status).toBe('connected')
  })

  it('answers 404 for an unknown id and for an email update', async () => {
    expect((await status('A'.repeat(22))).code).toBe(404)
    const { device, connected } = await h.login()
    h.passCooldown()
    const token = connected.tokens.accessToken
    const update = await h.post(
      `/v1/auth/email/update${q}`,
      { email: `next-${Date.now()}@example.test`, proof: await device.callProof('email-update', token) },
      { authorization: `Bearer ${token}` },
    )
    const { updateId } = (await update.json()) as { updateId: string }
    expect((await status(updateId)).code).toBe(404)
  })
})

describe('GET /v1/auth/attempts/{attemptId}?wait=1', () => {
  const held = (attemptId: string, signal?: AbortSignal) =>
    Promise.resolve(
      h.api.request(
        new Request(`http://api.test/v1/auth/attempts/${attemptId}${q}&wait=1`, {
          headers: { origin: frameOrigin },
          ...(signal ? { signal } : {}),
        }),
      ),
    ).then(async (response) => ({
      code: response.status,
      body: (await response.json()) as AuthAttemptStatus,
    }))

  it('holds a pending social attempt until its popup completes it, then answers ready', async () => {
    const { binding, started } = await h.socialStart('github')
    const answer = held(started.attemptId)
    let answered = false
    void answer.then(() => {
      answered = true
    })
    await vi.waitFor(() => expect(AttemptSignals.pending()).toBe(1))
    // The provider's return moves the attempt but leaves it pending: the answer stays held.
    const back = await h.socialPopup(started.authorizationUrl, 'alice')
    await vi.waitFor(() => expect(AttemptSignals.pending()).toBe(1))
    expect(answered).toBe(false)
    await h.socialComplete(started.attemptId, back, binding)
    expect(await answer).toMatchObject({ code: 200, body: { status: 'ready' } })
    expect(AttemptSignals.pending()).toBe(0)
  })

  it('sees a change another process made (no signal here) when it reads the row again', async () => {
    const { started } = await h.socialStart('github')
    const answer = held(started.attemptId)
    await vi.waitFor(() => expect(AttemptSignals.pending()).toBe(1))
    // What another process's completion looks like from this one: the row moves, nobody here is told.
    await h.database.db
      .update(authAttempts)
      .set({ step: 'ready' })
      .where(eq(authAttempts.id, started.attemptId))
    expect((await answer).body.status).toBe('ready')
  })

  it('answers at once when the attempt is not pending, and lets go when the caller does', async () => {
    const email = `held-${Date.now()}@example.test`
    const device = await newDevice()
    const started = (await (
      await h.post(`/v1/auth/email/start${q}`, { email, deviceKey: device.publicKey })
    ).json()) as EmailStartResponse
    expect((await held(started.attemptId)).body.status).toBe('ready')
    expect(AttemptSignals.pending()).toBe(0)

    const social = await h.socialStart('github')
    const caller = new AbortController()
    const gone = held(social.started.attemptId, caller.signal).catch((error: Error) => error)
    await vi.waitFor(() => expect(AttemptSignals.pending()).toBe(1))
    caller.abort()
    await gone
    await vi.waitFor(() => expect(AttemptSignals.pending()).toBe(0))
  })

  it('refuses a wait that is not a flag', async () => {
    const { started } = await h.socialStart('github')
    const response = await h.get(`/v1/auth/attempts/${started.attemptId}${q}&wait=forever`)
    expect(response.status).toBe(400)
  })
})
