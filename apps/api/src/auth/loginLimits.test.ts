// The login's limits against direct API calls spread over two API instances on one database (each with
// its own PostgreSQL-backed LimitStore, as two processes have), on PGlite and, when reachable, on the
// PostgreSQL server: the 30 s cooldown per address, the 5 tries per code, the tries per address across
// attempts, the per-IP limits on email and social starts, and single-use device proofs each hold once
// in total, not once per instance.
import { startMailCatcher, startOAuthProvider } from '@walletframe/devstack'
import type { EmailStartResponse } from '@walletframe/protocol'
import { evmNetwork } from '@walletframe/protocol/testing'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as Config from '../Config.js'
import { createApi } from '../createApi.js'
import type * as Database from '../db/Database.js'
import * as Projects from '../db/projects.js'
import { rateLimits } from '../db/schema.js'
import { backends } from '../internal/testing.js'
import type { LimitStore } from '../limits/LimitStore.js'
import * as PostgresLimits from '../limits/postgres.js'
import { apiOrigin, authSecret, type Device, frameOrigin, newDevice } from './testing.js'

const startsPerIp = 3
const triesPerAddress = 7
const q = '?projectId=app'
let counter = 0
const newIp = () => `198.51.100.${++counter}`
const newAddress = () => `limits${++counter}-${Date.now()}@example.test`

describe.each(await backends('login_limits'))('login limits across two API instances on $name', (leg) => {
  let database: Database.Database
  let close: () => Promise<void>
  let mail: Awaited<ReturnType<typeof startMailCatcher>>
  let oauth: Awaited<ReturnType<typeof startOAuthProvider>>
  let stores: LimitStore[]
  let apis: ReturnType<typeof createApi>[]

  beforeAll(async () => {
    ;({ database, close } = await leg.open())
    await database.migrate()
    await Projects.upsert(database.db, { id: 'app', name: 'App', allowedOrigins: [] })
    mail = await startMailCatcher()
    oauth = await startOAuthProvider()
    const rule = { capacity: startsPerIp, refillPerSecond: 0.001 }
    const config = Config.parse({
      version: 1,
      networks: [evmNetwork(1, 'Ethereum')],
      options: {
        frameOrigins: [frameOrigin],
        publicUrl: apiOrigin,
        trustProxy: true,
        auth: {
          secret: authSecret,
          email: { smtpUrl: mail.smtpUrl, ignoreTLS: true },
          social: { github: oauth.settings.github },
          emailStartsPerIp: rule,
          socialStartsPerIp: rule,
          codeTriesPerAddress: { capacity: triesPerAddress, refillPerSecond: 0.0001 },
        },
      },
    })
    stores = [PostgresLimits.create(database.db), PostgresLimits.create(database.db)]
    apis = stores.map((limitStore) => createApi({ config, db: database.db, limitStore, log: () => {} }))
  })
  afterAll(async () => {
    await Promise.all((stores ?? []).map((store) => store.close()))
    await mail?.stop()
    await oauth?.stop()
    await close?.()
  })

  const post = (instance: number, path: string, body: unknown, ip: string) =>
    apis[instance]!.request(`${path}${q}`, {
      method: 'POST',
      headers: { origin: frameOrigin, 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify(body),
    })
  const devices = new Map<string, Device>()
  const emailStart = async (instance: number, email: string, ip = newIp()) => {
    const device = await newDevice()
    const response = await post(instance, '/v1/auth/email/start', { email, deviceKey: device.publicKey }, ip)
    if (response.ok) devices.set(((await response.clone().json()) as EmailStartResponse).attemptId, device)
    return response
  }
  const verify = async (instance: number, attemptId: string, otp: string) =>
    post(
      instance,
      '/v1/auth/email/verify',
      { attemptId, otp, proof: await devices.get(attemptId)!.connectProof(attemptId) },
      newIp(),
    )

  it('holds the 30 s cooldown per address whichever instance is asked', async () => {
    const email = newAddress()
    const first = await emailStart(0, email)
    expect(first.status).toBe(200)
    const { attemptId } = (await first.json()) as EmailStartResponse
    const again = await emailStart(1, email)
    expect(again.status).toBe(429)
    expect(((await again.json()) as { error: string }).error).toMatch(
      /^Please try again after (29|30) seconds$/,
    )
    const resend = await post(1, '/v1/auth/email/resend', { attemptId }, newIp())
    expect(await resend.json()).toMatchObject({ code: 'EMAIL_COOLDOWN' })
  })

  it('locks a code after 5 wrong tries spread over both instances', async () => {
    const email = newAddress()
    const { attemptId } = (await (await emailStart(0, email)).json()) as EmailStartResponse
    const mailed = await mail.next(email, { after: 0 })
    const code = /\b(\d{6})\b/.exec(mailed.text)![1]!
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 5; i++) {
      const response = await verify(i % 2, attemptId, wrong)
      expect(await response.json()).toMatchObject({ code: 'INVALID_OTP' })
    }
    const right = await verify(1, attemptId, code)
    expect(await right.json()).toMatchObject({
      code: 'OTP_LOCKED',
      error: 'Too many wrong codes; request a new code',
    })
  })

  it('admits the email starts of one IP once in total, then 429 RATE_LIMITED', async () => {
    const ip = newIp()
    const statuses: number[] = []
    for (let i = 0; i <= startsPerIp; i++) statuses.push((await emailStart(i % 2, newAddress(), ip)).status)
    expect(statuses).toEqual([...Array(startsPerIp).fill(200), 429])
    const refused = await emailStart(0, newAddress(), ip)
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBeTruthy()
    expect(await refused.json()).toMatchObject({ code: 'RATE_LIMITED' })
  })

  it('admits the social starts of one IP once in total, then 429 RATE_LIMITED', async () => {
    const ip = newIp()
    const socialStart = async (instance: number) =>
      (
        await post(
          instance,
          '/v1/auth/social/start',
          { provider: 'github', deviceKey: (await newDevice()).publicKey, bindingChallenge: 'A'.repeat(43) },
          ip,
        )
      ).status
    const statuses: number[] = []
    for (let i = 0; i <= startsPerIp + 1; i++) statuses.push(await socialStart(i % 2))
    expect(statuses).toEqual([...Array(startsPerIp).fill(200), 429, 429])
  })

  it('counts tries per address across attempts on both instances, then refuses even the right code', async () => {
    const email = newAddress()
    let wrongTries = 0
    let locked: Response | undefined
    for (let round = 0; round < 2 && !locked; round++) {
      // A new start on the other instance: a new attempt, a new code, the address's budget the same.
      // (The 30 s cooldown between the two starts is passed by dropping its row: a full bucket.)
      if (round > 0) await database.db.delete(rateLimits).where(eq(rateLimits.key, `email-cooldown:${email}`))
      const started = await emailStart(round % 2, email)
      expect(started.status).toBe(200)
      const { attemptId } = (await started.json()) as EmailStartResponse
      const mailed = await mail.next(email, { after: mail.mailsTo(email).at(-2)?.id ?? 0 })
      const code = /\b(\d{6})\b/.exec(mailed.text)![1]!
      const wrong = code === '000000' ? '111111' : '000000'
      for (let i = 0; i < 5; i++) {
        const response = await verify(i % 2, attemptId, wrong)
        if (response.status === 429) {
          expect(await response.json()).toMatchObject({ code: 'OTP_ADDRESS_LOCKED' })
          locked = await verify((i + 1) % 2, attemptId, code)
          break
        }
        wrongTries++
      }
    }
    expect(wrongTries).toBe(triesPerAddress)
    expect(locked?.status).toBe(429)
  })

  it('spends a device proof once: the same proof at the other instance is a replay', async () => {
    const email = newAddress()
    const started = await emailStart(0, email)
    const { attemptId } = (await started.json()) as EmailStartResponse
    const mailed = await mail.next(email, { after: 0 })
    const code = /\b(\d{6})\b/.exec(mailed.text)![1]!
    const proof = await devices.get(attemptId)!.connectProof(attemptId)
    const wrong = code === '000000' ? '111111' : '000000'
    const first = await post(0, '/v1/auth/email/verify', { attemptId, otp: wrong, proof }, newIp())
    expect(await first.json()).toMatchObject({ code: 'INVALID_OTP' })
    const replayed = await post(1, '/v1/auth/email/verify', { attemptId, otp: code, proof }, newIp())
    expect(replayed.status).toBe(401)
    expect(await replayed.json()).toMatchObject({ code: 'DEVICE_PROOF_REJECTED' })
  })
})
