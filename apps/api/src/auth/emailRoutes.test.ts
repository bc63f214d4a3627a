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

/** The device each attempt was started with: only it can finish the attempt. */
const starters = new Map<string, Device>()

async function start(email: string, device: Device, headers?: Record<string, string>) {
  const response = await h.post(`/v1/auth/email/start${q}`, { email, deviceKey: device.publicKey }, headers)
  if (response.ok) starters.set(((await response.clone().json()) as EmailStartResponse).attemptId, device)
  return response
}

/** VERIFY_OTP as the starting frame sends it: the code and a fresh proof of the device key. */
async function verify(attemptId: string, otp: string, device = starters.get(attemptId)) {
  const proof = device
    ? await device.connectProof(attemptId)
    : { timestamp: Date.now(), signature: 'A'.repeat(86) }
  return h.post(`/v1/auth/email/verify${q}`, { attemptId, otp, proof })
}

async function login(email: string, device: Device): Promise<AuthConnected> {
  const started = (await (await start(email, device)).json()) as EmailStartResponse
  expect(started.action).toBe('VERIFY_OTP')
  const { code } = await h.nextCode(email, lastMailId(email))
  const verified = await verify(started.attemptId, code)
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

    const verified = await verify(started.attemptId, code)
    expect(verified.status).toBe(200)
    const connected = (await verified.json()) as AuthConnected
    expect(connected.action).toBe('CONNECT')
    expect(connected.user).toMatchObject({ email, authProvider: 'email' })
    const me = await h.get(`/v1/auth/me${q}`, { authorization: `Bearer ${connected.tokens.accessToken}` })
    expect(await me.json()).toEqual(connected.user)

    // A used code never works again.
    const again = await verify(started.attemptId, code)
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
      const response = await verify(started.attemptId, wrong)
      expect(await response.json()).toMatchObject({ code: 'INVALID_OTP' })
    }
    const sixth = await verify(started.attemptId, code)
    expect(sixth.status).toBe(400)
    expect(await sixth.json()).toMatchObject({
      code: 'OTP_LOCKED',
      error: 'Too many wrong codes; request a new code',
    })
  })

  it('answers unknown attempts, malformed codes and devices with typed 4xx', async () => {
    const unknown = await verify('A'.repeat(22), '123456')
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
      const old = await verify(started.attemptId, first.code)
      expect(await old.json()).toMatchObject({ code: 'INVALID_OTP' })
    }
    const verified = await verify(started.attemptId, second.code)
    expect(await verified.json()).toMatchObject({ action: 'CONNECT' })
  })

  it('a new start for the address kills the code of the older attempt', async () => {
    const email = address()
    const older = (await (await start(email, await newDevice())).json()) as EmailStartResponse
    const { code } = await h.nextCode(email)
    h.passCooldown()
    expect((await start(email, await newDevice())).status).toBe(200)
    const stale = await verify(older.attemptId, code)
    expect(await stale.json()).toMatchObject({ code: 'OTP_LOCKED' })
  })
})

describe('limits per address and per IP', () => {
  it('limits wrong codes per address across attempts, resends and starts, then refuses even the right code', async () => {
    const email = address()
    const device = await newDevice()
    let wrongTries = 0
    let last: { attemptId: string; code: string } | undefined
    let refused: Response | undefined
    for (let round = 0; round < 3 && !refused; round++) {
      h.passCooldown()
      const before = h.mail.mailsTo(email).at(-1)?.id ?? 0
      // A new start, then a resend of it: each gives the code 5 tries of its own, not the address.
      const attemptId =
        round === 1 && last
          ? (
              (await (
                await h.post(`/v1/auth/email/resend${q}`, { attemptId: last.attemptId })
              ).json()) as EmailStartResponse
            ).attemptId
          : ((await (await start(email, device)).json()) as EmailStartResponse).attemptId
      const { code } = await h.nextCode(email, before)
      last = { attemptId, code }
      const wrong = code === '000000' ? '111111' : '000000'
      for (let i = 0; i < 5; i++) {
        const response = await verify(attemptId, wrong, device)
        if (response.status === 429) {
          expect(await response.json()).toMatchObject({ code: 'OTP_ADDRESS_LOCKED', field: 'otp' })
          refused = await verify(attemptId, code, device)
          break
        }
        wrongTries++
      }
    }
    expect(wrongTries).toBe(10)
    expect(refused?.status).toBe(429)
    expect(refused?.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(await refused?.json()).toMatchObject({ code: 'OTP_ADDRESS_LOCKED' })
  })

  it('never moves an attempt’s end: a resend’s code dies with the attempt, 10 minutes after its start', async () => {
    const email = address()
    const started = (await (await start(email, await newDevice())).json()) as EmailStartResponse
    await h.nextCode(email)
    h.passCooldown()
    const resent = (await (
      await h.post(`/v1/auth/email/resend${q}`, { attemptId: started.attemptId })
    ).json()) as EmailStartResponse
    expect(resent.expiresAt).toBe(started.expiresAt)
    const [row] = await h.database.db
      .select()
      .from(authAttempts)
      .where(eq(authAttempts.id, started.attemptId))
    expect(row!.expiresAt.toISOString()).toBe(started.expiresAt)
    expect(row!.codeExpiresAt!.getTime()).toBeLessThanOrEqual(row!.expiresAt.getTime())
  })

  it('counts resends toward the per-IP start limit', async () => {
    const limited = await startAuthHarness({
      auth: { emailStartsPerIp: { capacity: 2, refillPerSecond: 1 / 3_600 } },
    })
    try {
      const email = address()
      const device = await newDevice()
      const response = await limited.post(`/v1/auth/email/start${q}`, { email, deviceKey: device.publicKey })
      const { attemptId } = (await response.json()) as EmailStartResponse
      limited.passCooldown()
      expect((await limited.post(`/v1/auth/email/resend${q}`, { attemptId })).status).toBe(200)
      limited.passCooldown()
      const third = await limited.post(`/v1/auth/email/resend${q}`, { attemptId })
      expect(third.status).toBe(429)
      expect(await third.json()).toMatchObject({ code: 'RATE_LIMITED' })
    } finally {
      await limited.stop()
    }
  })
})

describe('device approval', () => {
  it('names the device in the mail by a label of ours, never by the request’s own text or links', async () => {
    const email = address()
    await login(email, await newDevice())
    h.passCooldown()
    const before = h.mail.mailsTo(email).at(-1)!.id
    const phishing =
      'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 URGENT: your wallet is locked, restore it at https://evil.example/restore'
    const started = (await (
      await start(email, await newDevice(), { 'user-agent': phishing })
    ).json()) as EmailStartResponse
    expect(started.action).toBe('VERIFY_DEVICE')
    const mail = await h.mail.next(email, { after: before })
    expect(mail.text).toContain('Chrome on Linux')
    expect(mail.text).not.toMatch(/evil\.example|URGENT/)
    const links = mail.text.match(/https?:\/\/\S+/g) ?? []
    expect(links.length).toBeGreaterThan(0)
    for (const link of links) expect(new URL(link).origin).toBe('https://frame.test')
  })

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
    const early = await verify(started.attemptId, '123456')
    expect(early.status).toBe(409)
    const waiting = await (await h.get(`/v1/auth/attempts/${started.attemptId}${q}`)).json()
    expect(waiting).toMatchObject({ action: 'VERIFY_DEVICE', status: 'pending' })

    const approved = await h.post(`/v1/auth/email/device/approve${q}`, { token })
    expect(await approved.json()).toEqual({ approved: true, action: 'VERIFY_OTP' })
    const replayed = await h.post(`/v1/auth/email/device/approve${q}`, { token })
    expect(replayed.status).toBe(404)

    const { code } = await h.nextCode(email, linkMail.id)
    const verified = await verify(started.attemptId, code)
    const connected = (await verified.json()) as AuthConnected
    expect(connected.action).toBe('CONNECT')
    const users = await h.database.db.select().from(authUsers).where(eq(authUsers.email, email))
    expect(users).toHaveLength(1)
    expect(connected.user.id).toBe(users[0]!.id)
  })
})

/** A session's email update as the frame sends it: the address and a fresh device-key proof. */
async function update(connected: AuthConnected, device: Device, email: string, extra: object = {}) {
  const token = connected.tokens.accessToken
  return h.post(
    `/v1/auth/email/update${q}`,
    { email, proof: await device.callProof('email-update', token), ...extra },
    { authorization: `Bearer ${token}` },
  )
}

describe('email update', () => {
  it('VERIFY_PRIMARY_OTP at the current address, then VERIFY_SECONDARY_OTP at the new one', async () => {
    const email = address()
    const device = await newDevice()
    const connected = await login(email, device)
    const bearer = { authorization: `Bearer ${connected.tokens.accessToken}` }
    const next = address()
    const before = h.mail.mailsTo(email).at(-1)!.id
    h.passCooldown()
    const started = (await (await update(connected, device, next)).json()) as EmailUpdateResponse
    expect(started).toMatchObject({ action: 'VERIFY_PRIMARY_OTP', resendAfterSeconds: 30 })
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

  it('needs a session, and the device key’s proof beside its access token (a stolen token alone is refused)', async () => {
    const response = await h.post(`/v1/auth/email/update${q}`, {
      email: address(),
      proof: { timestamp: Date.now(), signature: 'A'.repeat(86) },
    })
    expect(response.status).toBe(401)
    expect(await response.json()).toMatchObject({ code: 'UNAUTHENTICATED' })

    const device = await newDevice()
    const connected = await login(address(), device)
    h.passCooldown()
    const thief = await newDevice()
    const stolen = await update(connected, thief, address())
    expect(stolen.status).toBe(401)
    expect(await stolen.json()).toMatchObject({ code: 'DEVICE_PROOF_REJECTED' })
    // The same proof twice: the second is a replay.
    const token = connected.tokens.accessToken
    const proof = await device.callProof('email-update', token)
    const body = { email: address(), proof }
    expect(
      (await h.post(`/v1/auth/email/update${q}`, body, { authorization: `Bearer ${token}` })).status,
    ).toBe(200)
    h.passCooldown()
    const replayed = await h.post(
      `/v1/auth/email/update${q}`,
      { ...body, email: address() },
      { authorization: `Bearer ${token}` },
    )
    expect(replayed.status).toBe(401)
    expect(await replayed.json()).toMatchObject({ code: 'DEVICE_PROOF_REJECTED' })
  })

  it('answers a taken address as a free one, paced the same, and tells its owner by mail instead of sending a code', async () => {
    const owner = address()
    await login(owner, await newDevice())
    const device = await newDevice()
    const prober = address()
    const connected = await login(prober, device)
    const bearer = { authorization: `Bearer ${connected.tokens.accessToken}` }
    h.passCooldown()

    const free = address()
    const toFree = await update(connected, device, free)
    const toTaken = await update(connected, device, owner)
    // The second probe is refused by the cooldown of the prober's own address, before any lookup.
    expect(toFree.status).toBe(200)
    expect(toTaken.status).toBe(429)
    expect(await toTaken.json()).toMatchObject({ code: 'EMAIL_COOLDOWN' })
    h.passCooldown()

    const ownerMails = h.mail.mailsTo(owner).length
    const taken = await update(connected, device, owner)
    expect(taken.status).toBe(200)
    const started = (await taken.json()) as EmailUpdateResponse
    expect(Object.keys(started).sort()).toEqual(
      Object.keys((await toFree.json()) as EmailUpdateResponse).sort(),
    )
    expect(started.action).toBe('VERIFY_PRIMARY_OTP')
    const primary = await h.nextCode(prober, h.mail.mailsTo(prober).at(-2)!.id)
    const second = await h.post(
      `/v1/auth/email/update/verify${q}`,
      { updateId: started.updateId, otp: primary.code },
      bearer,
    )
    expect(second.status).toBe(200)
    expect(await second.json()).toMatchObject({ action: 'VERIFY_SECONDARY_OTP' })
    // The owner is told, and gets no code.
    const notice = await h.mail.next(owner, { after: h.mail.mailsTo(owner)[ownerMails - 1]!.id })
    expect(notice.subject).toBe('Someone tried to link your address to another Walletframe wallet')
    expect(notice.text).not.toMatch(/\b\d{6}\b/)
    // Guessing the code that was never sent finds an ordinary wrong code.
    const guess = await h.post(
      `/v1/auth/email/update/verify${q}`,
      { updateId: started.updateId, otp: '123456' },
      bearer,
    )
    expect(await guess.json()).toMatchObject({ code: 'INVALID_OTP' })
  })

  it('counts tries and the cooldown per target address, whatever account asks (no pre-hijack by guessing)', async () => {
    const target = address()
    const accounts = []
    for (let i = 0; i < 3; i++) {
      const device = await newDevice()
      const email = address()
      accounts.push({ email, device, connected: await login(email, device) })
    }
    let wrongTries = 0
    let locked: Response | undefined
    for (const [index, account] of accounts.entries()) {
      h.passCooldown()
      const bearer = { authorization: `Bearer ${account.connected.tokens.accessToken}` }
      const before = h.mail.mailsTo(account.email).at(-1)!.id
      const started = (await (
        await update(account.connected, account.device, target)
      ).json()) as EmailUpdateResponse
      expect(started.action).toBe('VERIFY_PRIMARY_OTP')
      if (index === 0) {
        // Another account asking for a code to the same address within its cooldown is refused.
        const other = accounts[1]!
        const paced = await update(other.connected, other.device, target)
        expect(paced.status).toBe(429)
        expect(await paced.json()).toMatchObject({ code: 'EMAIL_COOLDOWN' })
      }
      const primary = await h.nextCode(account.email, before)
      const targetBefore = h.mail.mailsTo(target).at(-1)?.id ?? 0
      await h.post(
        `/v1/auth/email/update/verify${q}`,
        { updateId: started.updateId, otp: primary.code },
        bearer,
      )
      const secondary = await h.nextCode(target, targetBefore)
      const wrong = secondary.code === '000000' ? '111111' : '000000'
      for (let i = 0; i < 5; i++) {
        const guess = await h.post(
          `/v1/auth/email/update/verify${q}`,
          { updateId: started.updateId, otp: wrong },
          bearer,
        )
        if (guess.status === 429) {
          locked = await h.post(
            `/v1/auth/email/update/verify${q}`,
            { updateId: started.updateId, otp: secondary.code },
            bearer,
          )
          break
        }
        expect(await guess.json()).toMatchObject({ code: 'INVALID_OTP' })
        wrongTries++
      }
      if (locked) break
    }
    // Ten tries for the address across every account, then even the right code waits.
    expect(wrongTries).toBe(10)
    expect(locked?.status).toBe(429)
    expect(await locked?.json()).toMatchObject({ code: 'OTP_ADDRESS_LOCKED' })
  })
})
