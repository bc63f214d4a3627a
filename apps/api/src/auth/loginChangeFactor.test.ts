// Changing how a user logs in takes a fresh code of their second factor when it is on: adding or
// removing a passkey, and a new email address. The attack it stops: a thief holding the session and
// its device key (a script in the frame's page) adds a login of their own, or removes the owner's.
// Without the factor the calls go on as before; a code is spent once, and wrong ones count.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AuthHarness, startAuthHarness } from './testing.js'
import { type Caller, call, codeOf, enrolled, userWithWallet, wrongCode } from './walletTesting.js'

let h: AuthHarness
beforeAll(async () => {
  h = await startAuthHarness()
})
afterAll(() => h?.stop())

const addStart = (who: Caller, body: object = {}) => call(h, 'passkey/add/start', who, 'passkey-add', body)
const emailUpdate = (who: Caller, body: object = {}) =>
  call(h, 'email/update', who, 'email-update', { email: `new-${Date.now()}@example.test`, ...body })
const remove = (who: Caller, body: object = {}) =>
  call(h, 'passkey/remove', who, 'passkey-remove', { credentialId: 'A'.repeat(22), ...body })

describe('a login-method change with the second factor on', () => {
  it('is refused without a code, with a wrong one, and with a spent one; a fresh code lets it start', async () => {
    const who = await enrolled(h)
    for (const attempt of [addStart(who), emailUpdate(who), remove(who)]) {
      const refused = await attempt
      expect(refused.status).toBe(403)
      expect(await refused.json()).toMatchObject({
        code: 'SECOND_FACTOR_REQUIRED',
        error: expect.stringContaining('to change how you log in'),
      })
    }
    const wrong = await addStart(who, { code: wrongCode(who.secret) })
    expect(wrong.status).toBe(400)
    expect(await wrong.json()).toMatchObject({ code: 'TOTP_INVALID' })
    // The enrolment spent this step's code; the next step's is fresh, and works once.
    const code = codeOf(who.secret, 1)
    const started = await addStart(who, { code })
    expect(started.status).toBe(200)
    expect(await started.json()).toHaveProperty('attemptId')
    const replayed = await emailUpdate(who, { code })
    expect(replayed.status).toBe(400)
    expect(await replayed.json()).toMatchObject({ code: 'TOTP_INVALID' })
    h.passCooldown()
    const [recovery, another] = who.recoveryCodes
    const updating = await emailUpdate(who, { code: recovery })
    expect(updating.status).toBe(200)
    expect(await updating.json()).toMatchObject({ action: 'VERIFY_PRIMARY_OTP' })
    // The code only opens the check: an unknown passkey is still nobody's to remove.
    const unknown = await remove(who, { code: another })
    expect(unknown.status).toBe(404)
  })

  it('asks nothing of a user without the factor', async () => {
    const who = await userWithWallet(h)
    expect((await addStart(who)).status).toBe(200)
    h.passCooldown()
    expect((await emailUpdate(who)).status).toBe(200)
  })

  it('refuses a malformed code as bad input', async () => {
    const who = await enrolled(h)
    const malformed = await addStart(who, { code: '12345' })
    expect(malformed.status).toBe(400)
    expect(await malformed.json()).toMatchObject({ code: 'INVALID_REQUEST' })
  })
})
