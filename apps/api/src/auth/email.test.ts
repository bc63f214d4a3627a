// The email login over HTTP against a real mail catcher (SMTP) and a real database: codes read from
// the mails, the device-approval link, the cooldown, the tries, replays, resend, and the update.
import type { AuthConnected, EmailStartResponse, EmailUpdateResponse } from '@walletframe/protocol'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authAttempts, authUsers } from '../db/schema.js'
import { type AuthHarness, type Device, newDevice, startAuthHarness } from './testing.js'

let h: AuthHarness
beforeAll(async () => {
  h = await startAuthHarness()
})
afterAll(() => h?.stop())

const q = '?projectId=app'
let counter = 0
/** A fresh address per test: the 30 s cooldown is per address. */
const address = () => `user${++counter}-${Date.now()}@example.test`

async function start(email: string, device: Device) {
  return h.post(`/v1/auth/email/start${q}`, { email, deviceKey: device.publicKey })
}

async function login(email: string, device: Device): Promise<AuthConnected> {
  const started = (await (await start(email, device)).json()) as EmailStartResponse
  expect(started.action).toBe('VERIFY_OTP')
  const { code } = await h.nextCode(email, lastMailId(email))
  const verified = await h.post(`/v1/auth/email/verify${q}`, { attemptId: started.attemptId, otp: code })
  expect(verified.status).toBe(200)
  return (await verified.json()) as AuthConnected
}

const lastMailId = (email: string) => h.mail.mailsTo(email).at(-2)?.id ?? 0

describe('email start and verify', () => {
  it('mails a 6-digit code; the code connects and opens a session; the row keeps only an HMAC', async () => {
    const email = address()
    const device = await newDevice()
    const response = await start(email, device)
    expect(response.status).toBe(200)
    const started = (await response.json()) as EmailStartResponse
    expect(started).toMatchObject({ action: 'VERIFY_OTP', resendAfterSeconds: 30 })
    const { code, mail } = await h.nextCode(email)
    expect(mail.subject).toContain(code)
    const [row] = await h.database.db
      .select()
      .from(authAttempts)
      .where(eq(authAttempts.id, started.attemptId))
    expect(row!.codeHmac).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(row)).not.toContain(code)

    const status = await (await h.get(`/v1/auth/attempts/${started.attemptId}${q}`)).json()
    expect(status).toMatchObject({ kind: 'email', action: 'VERIFY_OTP', status: 'ready' })

    const verified = await h.post(`/v1/auth/email/verify${q}`, { attemptId: started.attemptId, otp: code })
    expect(verified.status).toBe(200)
    const connected = (await verified.json()) as AuthConnected
    expect(connected.action).toBe('CONNECT')
    expect(connected.user).toMatchObject({ email, authProvider: 'email' })
    const me = await h.get(`/v1/auth/me${q}`, { authorization: `Bearer ${connected.tokens.accessToken}` })
    expect(await me.json()).toEqual(connected.user)

    // A used code never works again.
    const again = await h.post(`/v1/auth/email/verify${q}`, { attemptId: started.attemptId, otp: code })
    expect(again.status).toBe(400)
    expect(await again.json()).toMatchObject({ code: 'OTP_LOCKED' })
  })

  it('holds the 30 s cooldown per address: "Please try again after {n} seconds"', async () => {
    const email = address()
    const device = await newDevice()
    expect((await start(email, device)).status).toBe(200)
    const second = await start(email.toUpperCase(), device)
    expect(second.status).toBe(429)
    const body = (await second.json()) as { error: string; code: string }
    expect(body.code).toBe('EMAIL_COOLDOWN')
    const seconds = Number(/^Please try again after (\d+) seconds$/.exec(body.error)?.[1])
    expect(seconds).toBeGreaterThanOrEqual(29)
    expect(seconds).toBeLessThanOrEqual(30)
    // Another address is not held back.
    expect((await start(address(), device)).status).toBe(200)
  })

  it('holds a configured cooldown instead, and says so in the start answer and the refusal', async () => {
    const short = await startAuthHarness({ emailCooldownSeconds: 5 })
    try {
      const email = address()
      const device = await newDevice()
      const first = await short.post(`/v1/auth/email/start${q}`, { email, deviceKey: device.publicKey })
      expect(await first.json()).toMatchObject({ action: 'VERIFY_OTP', resendAfterSeconds: 5 })
      const second = await short.post(`/v1/auth/email/start${q}`, { email, deviceKey: device.publicKey })
      expect(second.status).toBe(429)
      const { error } = (await second.json()) as { error: string }
      expect(Number(/^Please try again after (\d+) seconds$/.exec(error)?.[1])).toBeLessThanOrEqual(5)
    } finally {
      await short.stop()
    }
  })

  it('kills the code after 5 wrong tries, even for the right code after', async () => {
    const email = address()
    const started = (await (await start(email, await newDevice())).json()) as EmailStartResponse
    const { code } = await h.nextCode(email)
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 5; i++) {
      const response = await h.post(`/v1/auth/email/verify${q}`, { attemptId: started.attemptId, otp: wrong })
      expect(await response.json()).toMatchObject({ code: 'INVALID_OTP' })
    }
    const sixth = await h.post(`/v1/auth/email/verify${q}`, { attemptId: started.attemptId, otp: code })
    expect(sixth.status).toBe(400)
    expect(await sixth.json()).toMatchObject({
      code: 'OTP_LOCKED',
      error: 'Too many wrong codes; request a new code',
    })
  })

  it('answers unknown attempts, malformed codes and devices with typed 4xx', async () => {
    const unknown = await h.post(`/v1/auth/email/verify${q}`, { attemptId: 'A'.repeat(22), otp: '123456' })
    expect(unknown.status).toBe(404)
    const short = await h.post(`/v1/auth/email/verify${q}`, { attemptId: 'A'.repeat(22), otp: '12345' })
    expect(await short.json()).toMatchObject({ code: 'INVALID_REQUEST', field: 'body.otp' })
    const device = await newDevice()
    const offCurve = await h.post(`/v1/auth/email/start${q}`, {
      email: address(),
      deviceKey: { ...device.publicKey, y: device.publicKey.x },
    })
    expect(offCurve.status).toBe(400)
    expect(await offCurve.json()).toMatchObject({ field: 'body.deviceKey' })
  })
})

describe('email resend', () => {
  it('sends a new code once the cooldown has passed, and the old code dies', async () => {
    const email = address()
    const started = (await (await start(email, await newDevice())).json()) as EmailStartResponse
    const first = await h.nextCode(email)
    const early = await h.post(`/v1/auth/email/resend${q}`, { attemptId: started.attemptId })
    expect(early.status).toBe(429)
    expect(await early.json()).toMatchObject({ code: 'EMAIL_COOLDOWN' })
    h.passCooldown()
    const resent = await h.post(`/v1/auth/email/resend${q}`, { attemptId: started.attemptId })
    expect(resent.status).toBe(200)
    const second = await h.nextCode(email, first.mail.id)
    if (first.code !== second.code) {
      const old = await h.post(`/v1/auth/email/verify${q}`, { attemptId: started.attemptId, otp: first.code })
      expect(await old.json()).toMatchObject({ code: 'INVALID_OTP' })
    }
    const verified = await h.post(`/v1/auth/email/verify${q}`, {
      attemptId: started.attemptId,
      otp: second.code,
    })
    expect(await verified.json()).toMatchObject({ action: 'CONNECT' })
  })

  it('a new start for the address kills the code of the older attempt', async () => {
    const email = address()
    const older = (await (await start(email, await newDevice())).json()) as EmailStartResponse
    const { code } = await h.nextCode(email)
    h.passCooldown()
    expect((await start(email, await newDevice())).status).toBe(200)
    const stale = await h.post(`/v1/auth/email/verify${q}`, { attemptId: older.attemptId, otp: code })
    expect(await stale.json()).toMatchObject({ code: 'OTP_LOCKED' })
  })
})

describe('device approval', () => {
  it('asks a known user on a new device to approve from the mailed link by POST, then mails the code', async () => {
    const email = address()
    await login(email, await newDevice())
    const other = await newDevice()
    h.passCooldown()
    const started = (await (await start(email.toUpperCase(), other)).json()) as EmailStartResponse
    expect(started.action).toBe('VERIFY_DEVICE')
    const linkMail = await h.mail.next(email, { after: h.mail.mailsTo(email).at(-1)!.id - 1 })
    const link = /https:\/\/frame\.test\/verify\?\S+/.exec(linkMail.text)?.[0]
    expect(link).toBeDefined()
    const url = new URL(link!)
    expect(url.searchParams.get('projectId')).toBe('app')
    const token = url.searchParams.get('token')!

    // The code is refused before approval; the status says what the frame waits for.
    const early = await h.post(`/v1/auth/email/verify${q}`, { attemptId: started.attemptId, otp: '123456' })
    expect(early.status).toBe(409)
    const waiting = await (await h.get(`/v1/auth/attempts/${started.attemptId}${q}`)).json()
    expect(waiting).toMatchObject({ action: 'VERIFY_DEVICE', status: 'pending' })

    const approved = await h.post(`/v1/auth/email/device/approve${q}`, { token })
    expect(await approved.json()).toEqual({ approved: true, action: 'VERIFY_OTP' })
    const replayed = await h.post(`/v1/auth/email/device/approve${q}`, { token })
    expect(replayed.status).toBe(404)

    const { code } = await h.nextCode(email, linkMail.id)
    const verified = await h.post(`/v1/auth/email/verify${q}`, { attemptId: started.attemptId, otp: code })
    const connected = (await verified.json()) as AuthConnected
    expect(connected.action).toBe('CONNECT')
    const users = await h.database.db.select().from(authUsers).where(eq(authUsers.email, email))
    expect(users).toHaveLength(1)
    expect(connected.user.id).toBe(users[0]!.id)
  })
})

describe('email update', () => {
  it('VERIFY_PRIMARY_OTP at the current address, then VERIFY_SECONDARY_OTP at the new one', async () => {
    const email = address()
    const connected = await login(email, await newDevice())
    const bearer = { authorization: `Bearer ${connected.tokens.accessToken}` }
    const next = address()
    const before = h.mail.mailsTo(email).at(-1)!.id
    h.passCooldown()
    const started = (await (
      await h.post(`/v1/auth/email/update${q}`, { email: next }, bearer)
    ).json()) as EmailUpdateResponse
    expect(started.action).toBe('VERIFY_PRIMARY_OTP')
    const primary = await h.nextCode(email, before)
    const second = await h.post(
      `/v1/auth/email/update/verify${q}`,
      { updateId: started.updateId, otp: primary.code },
      bearer,
    )
    expect(await second.json()).toMatchObject({ action: 'VERIFY_SECONDARY_OTP' })
    const secondary = await h.nextCode(next)
    const done = await h.post(
      `/v1/auth/email/update/verify${q}`,
      { updateId: started.updateId, otp: secondary.code },
      bearer,
    )
    expect(await done.json()).toMatchObject({ action: 'DONE', email: next })
    const me = await (await h.get(`/v1/auth/me${q}`, bearer)).json()
    expect(me).toMatchObject({ id: connected.user.id, email: next })
  })

  it('needs a session', async () => {
    const response = await h.post(`/v1/auth/email/update${q}`, { email: address() })
    expect(response.status).toBe(401)
    expect(await response.json()).toMatchObject({ code: 'UNAUTHENTICATED' })
  })
})
