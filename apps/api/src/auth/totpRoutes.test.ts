// The second factor over HTTP against a migrated database: enrolment (start, confirm with a first
// code, ten recovery codes), the auth share held back from a session until it passed the factor, each
// code working once, the lock after five wrong codes (kept in the database), and the attacks: another
// account, a replayed code, a stolen access token without the device key.
import { type TotpStartResponse, type WalletProofPurpose, walletSigningInput } from '@walletframe/protocol'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authTotp, authTotpRecoveryCodes } from '../db/schema.js'
import * as Envelope from './envelope.js'
import {
  type AuthHarness,
  authSecret,
  type Device,
  exampleWallet,
  newDevice,
  startAuthHarness,
} from './testing.js'
import * as Totp from './totp.js'
import {
  type Caller,
  call,
  codeOf,
  enrolled as enrolledUser,
  q,
  sameDeviceAgain,
  userWithWallet,
  wrongCode,
} from './walletTesting.js'

let h: AuthHarness
beforeAll(async () => {
  h = await startAuthHarness()
})
afterAll(() => h?.stop())

/** A TOTP call as the frame makes it: Bearer, and the device key's proof over the call. */
const totp = (path: string, who: Caller, purpose: WalletProofPurpose, body = {}) =>
  call(h, `totp/${path}`, who, purpose, body)
const shares = (who: Caller) => call(h, 'wallet/shares', who, 'shares')
const user = () => userWithWallet(h)
const enrolled = () => enrolledUser(h)
const loginAgain = (who: { email: string; device: Device }) => sameDeviceAgain(h, who)

describe('POST /v1/auth/totp/start and /confirm', () => {
  it('keeps a sealed pending secret, and a first code turns it on with ten hashed recovery codes', async () => {
    const who = await user()
    const started = await totp('start', who, 'totp-start')
    expect(started.status).toBe(200)
    const { secret, uri } = (await started.json()) as TotpStartResponse
    const parsed = new URL(uri)
    expect(parsed.protocol).toBe('otpauth:')
    expect(parsed.searchParams.get('secret')).toBe(secret)
    expect(decodeURIComponent(parsed.pathname)).toContain(who.email)
    const [pending] = await h.database.db
      .select()
      .from(authTotp)
      .where(eq(authTotp.userId, await userId(who)))
    expect(pending!.enabledAt).toBeNull()
    expect(pending!.secret).not.toContain(secret)
    expect(
      Buffer.from(
        Envelope.open(Envelope.fromSecret(authSecret), pending!.secret, pending!.userId),
      ).toString(),
    ).toBe(secret)
    // Pending: the auth share is still released.
    expect((await shares(who)).status).toBe(200)

    const wrong = await totp('confirm', who, 'totp-confirm', { code: wrongCode(secret) })
    expect(wrong.status).toBe(400)
    expect(await wrong.json()).toMatchObject({ code: 'TOTP_INVALID' })
    const confirmed = await totp('confirm', who, 'totp-confirm', { code: codeOf(secret) })
    expect(confirmed.status).toBe(200)
    const { recoveryCodes } = (await confirmed.json()) as { recoveryCodes: string[] }
    expect(new Set(recoveryCodes).size).toBe(10)
    const stored = await h.database.db
      .select()
      .from(authTotpRecoveryCodes)
      .where(eq(authTotpRecoveryCodes.userId, pending!.userId))
    expect(stored).toHaveLength(10)
    for (const code of recoveryCodes) expect(stored.map((row) => row.digest)).not.toContain(code)

    const status = await totp('status', who, 'totp-status')
    expect(await status.json()).toEqual({
      enabled: true,
      verified: true,
      recoveryCodesLeft: 10,
      sendThreshold: null,
    })
    const again = await totp('start', who, 'totp-start')
    expect(again.status).toBe(409)
    expect(await again.json()).toMatchObject({ code: 'TOTP_STATE' })
  })

  it("does not let a second account confirm another's pending secret", async () => {
    const victim = await user()
    const { secret } = (await (await totp('start', victim, 'totp-start')).json()) as TotpStartResponse
    const other = await user()
    const refused = await totp('confirm', other, 'totp-confirm', { code: codeOf(secret) })
    expect(refused.status).toBe(409)
    expect(await refused.json()).toMatchObject({ code: 'TOTP_STATE' })
    const [row] = await h.database.db
      .select()
      .from(authTotp)
      .where(eq(authTotp.userId, await userId(victim)))
    expect(row!.enabledAt).toBeNull()
  })
})

/** The user id behind a caller's session. */
async function userId(who: Caller): Promise<string> {
  const me = await h.get(`/v1/auth/me${q}`, { authorization: `Bearer ${who.token}` })
  return ((await me.json()) as { id: string }).id
}

describe('POST /v1/auth/totp/verify', () => {
  it('holds the auth share back from a new session until it gives a code', async () => {
    const enrolment = await enrolled()
    const { secret } = enrolment
    const next = await loginAgain(enrolment)
    const held = await shares(next)
    expect(held.status).toBe(403)
    expect(await held.json()).toMatchObject({ code: 'SECOND_FACTOR_REQUIRED' })
    expect(await (await totp('status', next, 'totp-status')).json()).toMatchObject({
      enabled: true,
      verified: false,
    })
    // The confirm spent this step's code: the next step's (inside the window) opens it.
    const verified = await totp('verify', next, 'totp-verify', { code: codeOf(secret, 1) })
    expect(verified.status).toBe(200)
    expect(await verified.json()).toMatchObject({ enabled: true, verified: true })
    const released = await shares(next)
    expect(released.status).toBe(200)
    expect(await released.json()).toMatchObject({ exists: true, authShare: exampleWallet.authShare })
  })

  it('refuses a code replayed within its window, to the same session or another', async () => {
    const enrolment = await enrolled()
    const { secret } = enrolment
    const first = await loginAgain(enrolment)
    const code = codeOf(secret, 1)
    expect((await totp('verify', first, 'totp-verify', { code })).status).toBe(200)
    const second = await loginAgain(enrolment)
    const replayed = await totp('verify', second, 'totp-verify', { code })
    expect(replayed.status).toBe(400)
    expect(await replayed.json()).toMatchObject({ code: 'TOTP_INVALID' })
    expect((await shares(second)).status).toBe(403)
    // The confirm's own code (this step) is spent as well.
    const spent = await totp('verify', second, 'totp-verify', { code: codeOf(secret) })
    expect(spent.status).toBe(400)
  })

  it('takes each recovery code once, in any case and with or without its dash', async () => {
    const enrolment = await enrolled()
    const { recoveryCodes } = enrolment
    const code = recoveryCodes[0]!
    const first = await loginAgain(enrolment)
    const typed = code.replace('-', '').toLowerCase()
    const used = await totp('verify', first, 'totp-verify', { code: typed })
    expect(used.status).toBe(200)
    expect(await used.json()).toMatchObject({ verified: true, recoveryCodesLeft: 9 })
    expect((await shares(first)).status).toBe(200)
    const second = await loginAgain(enrolment)
    const again = await totp('verify', second, 'totp-verify', { code })
    expect(again.status).toBe(400)
    expect((await shares(second)).status).toBe(403)
  })

  it("does not pass one account's factor with another's codes", async () => {
    const victim = await enrolled()
    const thief = await enrolled()
    const next = await loginAgain(thief)
    const withTheirCode = await totp('verify', next, 'totp-verify', { code: codeOf(victim.secret, 1) })
    expect(withTheirCode.status).toBe(400)
    const withTheirRecovery = await totp('verify', next, 'totp-verify', { code: victim.recoveryCodes[0]! })
    expect(withTheirRecovery.status).toBe(400)
    expect((await shares(next)).status).toBe(403)
    // The victim's recovery code is still unused.
    const victimNext = await loginAgain(victim)
    expect((await totp('verify', victimNext, 'totp-verify', { code: victim.recoveryCodes[0]! })).status).toBe(
      200,
    )
    // A user without the factor has none to pass.
    const plain = await user()
    const none = await totp('verify', plain, 'totp-verify', { code: codeOf(victim.secret, 1) })
    expect(none.status).toBe(409)
  })

  it('locks the factor after five wrong codes, even for the right one, in the database', async () => {
    const enrolment = await enrolled()
    const { secret, recoveryCodes } = enrolment
    const next = await loginAgain(enrolment)
    const wrong = wrongCode(secret)
    for (let n = 1; n <= Totp.tries; n++) {
      const refused = await totp('verify', next, 'totp-verify', { code: wrong })
      expect(refused.status).toBe(400)
      expect(((await refused.json()) as { error: string }).error).toContain(`${Totp.tries - n} tr`)
    }
    const locked = await totp('verify', next, 'totp-verify', { code: codeOf(secret, 1) })
    expect(locked.status).toBe(429)
    expect(await locked.json()).toMatchObject({ code: 'TOTP_LOCKED' })
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(Totp.lockSeconds - 60)
    expect((await totp('verify', next, 'totp-verify', { code: recoveryCodes[0]! })).status).toBe(429)
    const [row] = await h.database.db
      .select()
      .from(authTotp)
      .where(eq(authTotp.userId, await userId(next)))
    expect(row!.failures).toBe(Totp.tries)
    expect(row!.lockedUntil!.getTime()).toBeGreaterThan(Date.now())
    expect((await shares(next)).status).toBe(403)

    // Once the lock runs out, the count starts again and a right code passes.
    await h.database.db
      .update(authTotp)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(authTotp.userId, row!.userId))
    expect((await totp('verify', next, 'totp-verify', { code: codeOf(secret, 1) })).status).toBe(200)
    const [after] = await h.database.db.select().from(authTotp).where(eq(authTotp.userId, row!.userId))
    expect(after).toMatchObject({ failures: 0, lockedUntil: null })
  })

  it('a right code between wrong ones starts the count again', async () => {
    const enrolment = await enrolled()
    const { secret } = enrolment
    const next = await loginAgain(enrolment)
    for (let n = 0; n < Totp.tries - 1; n++)
      expect((await totp('verify', next, 'totp-verify', { code: wrongCode(secret) })).status).toBe(400)
    expect((await totp('verify', next, 'totp-verify', { code: codeOf(secret, 1) })).status).toBe(200)
    const refused = await totp('verify', next, 'totp-verify', { code: wrongCode(secret) })
    expect(((await refused.json()) as { error: string }).error).toContain(`${Totp.tries - 1} tries left`)
  })
})

describe('POST /v1/auth/totp/disable', () => {
  it('turns the factor off for a valid code only, and the share flows again', async () => {
    const enrolment = await enrolled()
    const { secret, recoveryCodes } = enrolment
    const next = await loginAgain(enrolment)
    const wrong = await totp('disable', next, 'totp-disable', { code: wrongCode(secret) })
    expect(wrong.status).toBe(400)
    expect((await shares(next)).status).toBe(403)
    const off = await totp('disable', next, 'totp-disable', { code: recoveryCodes[1]! })
    expect(off.status).toBe(200)
    expect(await off.json()).toEqual({
      enabled: false,
      verified: false,
      recoveryCodesLeft: 0,
      sendThreshold: null,
    })
    expect((await shares(next)).status).toBe(200)
    const id = await userId(next)
    expect(await h.database.db.select().from(authTotp).where(eq(authTotp.userId, id))).toHaveLength(0)
    expect(
      await h.database.db.select().from(authTotpRecoveryCodes).where(eq(authTotpRecoveryCodes.userId, id)),
    ).toHaveLength(0)
  })
})

describe('a stolen access token', () => {
  it('cannot read, pass or turn off the factor, nor get the share, without the device key', async () => {
    const enrolment = await enrolled()
    const { secret } = enrolment
    const victim = await loginAgain(enrolment)
    const thief: Caller = { device: await newDevice(), token: victim.token }
    for (const [path, purpose, body] of [
      ['status', 'totp-status', {}],
      ['verify', 'totp-verify', { code: codeOf(secret, 1) }],
      ['disable', 'totp-disable', { code: codeOf(secret, 1) }],
    ] as const) {
      const refused = await totp(path, thief, purpose, body)
      expect(refused.status).toBe(401)
      expect(await refused.json()).toMatchObject({ code: 'DEVICE_PROOF_REJECTED' })
    }
    expect((await shares(thief)).status).toBe(401)
    // A proof made for another call does not serve either.
    const timestamp = Date.now()
    const misused = await h.post(
      `/v1/auth/totp/disable${q}`,
      {
        code: codeOf(secret, 1),
        proof: {
          timestamp,
          signature: await victim.device.sign(walletSigningInput('totp-verify', victim.token, timestamp)),
        },
      },
      { authorization: `Bearer ${victim.token}` },
    )
    expect(misused.status).toBe(401)
    const [row] = await h.database.db
      .select()
      .from(authTotp)
      .where(eq(authTotp.userId, await userId(victim)))
    expect(row!.enabledAt).not.toBeNull()
    expect(row!.failures).toBe(0)
  })
})
