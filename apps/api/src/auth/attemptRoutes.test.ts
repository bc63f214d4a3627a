// GET /v1/auth/attempts/{attemptId}: what the frame is told of a login it cannot see, for each kind
// and step, and nothing of an email update (another user's business) or of a secret.

import { startOAuthProvider } from '@walletframe/devstack'
import type { AuthAttemptStatus, EmailStartResponse } from '@walletframe/protocol'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AuthHarness, newDevice, startAuthHarness } from './testing.js'

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
