// A passkey as the second factor over HTTP, with the software authenticator: a user with the factor on
// and a passkey gets a pass (factor 'passkey') or changes a login method with an assertion instead of a
// code; and the attacks — a replayed assertion, another user's passkey, an assertion over another
// challenge, one without user verification, a challenge of another action or another device, a
// challenge for a user without a passkey, the per-user limit.
import type {
  FactorPassClaims,
  PasskeyLoginStartResponse,
  PasskeyRegisterStartResponse,
} from '@walletframe/protocol'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as DeviceKey from './deviceKey.js'
import * as Store from './store.js'
import * as TestAuthenticator from './testAuthenticator.js'
import { type AuthHarness, frameOrigin, newDevice, roomyLimit, startAuthHarness } from './testing.js'
import { type Caller, call, codeOf, enrolled, userWithWallet } from './walletTesting.js'

let h: AuthHarness
beforeAll(async () => {
  h = await startAuthHarness({
    auth: {
      passkeyCallsPerIp: roomyLimit,
      // Many calls from one test address; the per-user limit below is the one under test.
      walletCallsPerIp: roomyLimit,
      factorPasskeyPerUser: { capacity: 3, refillPerSecond: 1 / 3_600 },
    },
  })
}, 60_000)
afterAll(() => h?.stop())

const frame = { origin: frameOrigin }

/** The claims of a pass, unverified (factorPassRoutes.test.ts checks the signature). */
const claimsOf = (pass: string): FactorPassClaims =>
  JSON.parse(Buffer.from(pass.split('.')[0]!, 'base64url').toString()) as FactorPassClaims

/** `who` adds a passkey of `authenticator`, with `code` when their factor is on. */
async function addPasskey(who: Caller, authenticator: TestAuthenticator.Authenticator, code?: string) {
  const started = await call(h, 'passkey/add/start', who, 'passkey-add', code ? { code } : {})
  expect(started.status).toBe(200)
  const { attemptId, options } = (await started.json()) as PasskeyRegisterStartResponse
  const { credential, passkey } = authenticator.create(options, frame)
  const finished = await call(h, 'passkey/add/finish', who, 'passkey-add', { attemptId, credential })
  expect(finished.status).toBe(200)
  return passkey
}

/** A user with a wallet, the authenticator app on, and a passkey: the second factor either way. */
async function withPasskeyFactor() {
  const who = await enrolled(h)
  const authenticator = TestAuthenticator.create()
  const passkey = await addPasskey(who, authenticator, codeOf(who.secret, 1))
  return { ...who, authenticator, passkey }
}

const challenge = (who: Caller, action: string) =>
  call(h, 'factor/passkey', who, 'factor-passkey', { action })

async function started(who: Caller, action: string): Promise<PasskeyLoginStartResponse> {
  const response = await challenge(who, action)
  expect(response.status).toBe(200)
  return (await response.json()) as PasskeyLoginStartResponse
}

const askPass = (who: Caller, body: object) => call(h, 'factor/pass', who, 'factor-pass', body)

describe('POST /v1/auth/factor/passkey', () => {
  it('allows only the user’s passkeys and requires user verification', async () => {
    const who = await withPasskeyFactor()
    const { options } = await started(who, 'export')
    expect(options.userVerification).toBe('required')
    expect(options.allowCredentials?.map(({ id }) => id)).toEqual([who.passkey.id])
  })

  it('refuses a user without a passkey (404)', async () => {
    const who = await userWithWallet(h)
    const response = await challenge(who, 'export')
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({ code: 'PASSKEY_NOT_FOUND' })
  })

  it('refuses an unknown action as bad input', async () => {
    const who = await withPasskeyFactor()
    const response = await challenge(who, 'drain')
    expect(response.status).toBe(400)
  })

  it('counts the challenges per user in the shared store (not the per-IP bucket, which allows 60)', async () => {
    const who = await withPasskeyFactor()
    // The harness allows 3 a user: the fourth waits, from any IP.
    for (const _ of [1, 2, 3]) expect((await challenge(who, 'export')).status).toBe(200)
    const limited = await challenge(who, 'export')
    expect(limited.status).toBe(429)
    expect(await limited.json()).toMatchObject({ code: 'RATE_LIMITED' })
  })
})

describe('POST /v1/auth/factor/pass with a passkey', () => {
  it("signs a pass that says factor 'passkey' for an assertion over the action's challenge", async () => {
    const who = await withPasskeyFactor()
    const { attemptId, options } = await started(who, 'export')
    const credential = who.authenticator.get(options, who.passkey, frame)
    const answer = await askPass(who, { action: 'export', passkey: { attemptId, credential } })
    expect(answer.status).toBe(200)
    expect(claimsOf(((await answer.json()) as { pass: string }).pass)).toMatchObject({
      action: 'export',
      factor: 'passkey',
    })
  })

  it('refuses a replayed assertion: the challenge was spent', async () => {
    const who = await withPasskeyFactor()
    const { attemptId, options } = await started(who, 'recovery-kit')
    const credential = who.authenticator.get(options, who.passkey, frame)
    const body = { action: 'recovery-kit', passkey: { attemptId, credential } }
    expect((await askPass(who, body)).status).toBe(200)
    const replayed = await askPass(who, body)
    expect(replayed.status).toBe(409)
    expect(await replayed.json()).toMatchObject({ code: 'AUTH_ATTEMPT_STATE' })
  })

  it('refuses another user’s passkey over this user’s challenge', async () => {
    const who = await withPasskeyFactor()
    const other = await withPasskeyFactor()
    const { attemptId, options } = await started(who, 'export')
    const credential = other.authenticator.get(options, other.passkey, frame)
    const refused = await askPass(who, { action: 'export', passkey: { attemptId, credential } })
    expect(refused.status).toBe(401)
    expect(await refused.json()).toMatchObject({
      code: 'PASSKEY_REJECTED',
      error: expect.stringContaining('not one of yours'),
    })
  })

  it('refuses an assertion over another challenge', async () => {
    const who = await withPasskeyFactor()
    const { attemptId, options } = await started(who, 'export')
    const other = await started(who, 'export')
    const credential = who.authenticator.get(options, who.passkey, {
      ...frame,
      challenge: other.options.challenge,
    })
    const refused = await askPass(who, { action: 'export', passkey: { attemptId, credential } })
    expect(refused.status).toBe(401)
    expect(await refused.json()).toMatchObject({ code: 'PASSKEY_REJECTED' })
  })

  it('refuses an assertion without user verification', async () => {
    const who = await withPasskeyFactor()
    const { attemptId, options } = await started(who, 'export')
    const credential = who.authenticator.get(options, who.passkey, { ...frame, userVerified: false })
    const refused = await askPass(who, { action: 'export', passkey: { attemptId, credential } })
    expect(refused.status).toBe(401)
    expect(await refused.json()).toMatchObject({ code: 'PASSKEY_REJECTED' })
  })

  it('refuses a challenge given for another action, and one from another device', async () => {
    const who = await withPasskeyFactor()
    const forKit = await started(who, 'recovery-kit')
    const credential = who.authenticator.get(forKit.options, who.passkey, frame)
    const otherAction = await askPass(who, {
      action: 'export',
      passkey: { attemptId: forKit.attemptId, credential },
    })
    expect(otherAction.status).toBe(404)
    // The same user on a second device: the first device's challenge is not theirs to answer.
    h.passCooldown()
    const secondDevice = await newDevice()
    // A device the mailbox approved before (the approval link is the email login's own test).
    await Store.addDevice(h.database.db, who.userId, await DeviceKey.thumbprint(secondDevice.publicKey))
    const { device, connected } = await h.login(who.email, secondDevice)
    const second = { device, token: connected.tokens.accessToken }
    const other = await started(who, 'export')
    const fromSecond = await askPass(second, {
      action: 'export',
      passkey: {
        attemptId: other.attemptId,
        credential: who.authenticator.get(other.options, who.passkey, frame),
      },
    })
    expect(fromSecond.status).toBe(404)
  })

  it('refuses a code and a passkey together as bad input', async () => {
    const who = await withPasskeyFactor()
    const { attemptId, options } = await started(who, 'export')
    const credential = who.authenticator.get(options, who.passkey, frame)
    const both = await askPass(who, {
      action: 'export',
      code: codeOf(who.secret, 1),
      passkey: { attemptId, credential },
    })
    expect(both.status).toBe(400)
    expect(await both.json()).toMatchObject({ code: 'INVALID_REQUEST' })
  })
})

describe('a login-method change with a passkey as the fresh factor', () => {
  it("takes an assertion over a 'login-method' challenge, once, and not one for an export", async () => {
    const who = await withPasskeyFactor()
    const forExport = await started(who, 'export')
    const exportAssertion = who.authenticator.get(forExport.options, who.passkey, frame)
    const wrongAction = await call(h, 'passkey/add/start', who, 'passkey-add', {
      passkey: { attemptId: forExport.attemptId, credential: exportAssertion },
    })
    expect(wrongAction.status).toBe(404)
    const { attemptId, options } = await started(who, 'login-method')
    const passkey = { attemptId, credential: who.authenticator.get(options, who.passkey, frame) }
    const adding = await call(h, 'passkey/add/start', who, 'passkey-add', { passkey })
    expect(adding.status).toBe(200)
    expect(await adding.json()).toHaveProperty('attemptId')
    h.passCooldown()
    const replayed = await call(h, 'email/update', who, 'email-update', {
      email: `new-${Date.now()}@example.test`,
      passkey,
    })
    expect(replayed.status).toBe(409)
  })
})

describe('a passkey chosen as the second factor (instead of the authenticator app)', () => {
  /** A user with a wallet and a passkey, no authenticator app. */
  async function withPasskey() {
    const who = await userWithWallet(h)
    const authenticator = TestAuthenticator.create()
    const passkey = await addPasskey(who, authenticator)
    return { ...who, authenticator, passkey }
  }
  const answer = async (who: Awaited<ReturnType<typeof withPasskey>>, action: string) => {
    const { attemptId, options } = await started(who, action)
    return { attemptId, credential: who.authenticator.get(options, who.passkey, frame) }
  }
  const turnOn = async (who: Awaited<ReturnType<typeof withPasskey>>) =>
    call(h, 'factor/passkey/on', who, 'passkey-factor', { passkey: await answer(who, 'login-method') })

  it('is turned on with an assertion; then an export asks for a fresh factor, which the passkey gives', async () => {
    const who = await withPasskey()
    expect((await askPass(who, { action: 'export' })).status).toBe(200)
    const on = await turnOn(who)
    expect(on.status).toBe(200)
    expect(await on.json()).toMatchObject({ secondFactor: true })
    const refused = await askPass(who, { action: 'export' })
    expect(refused.status).toBe(403)
    expect(await refused.json()).toMatchObject({ code: 'SECOND_FACTOR_REQUIRED' })
    const passed = await askPass(who, { action: 'export', passkey: await answer(who, 'export') })
    expect(passed.status).toBe(200)
    expect(claimsOf(((await passed.json()) as { pass: string }).pass)).toMatchObject({ factor: 'passkey' })
    // A change of how the user logs in asks too.
    const adding = await call(h, 'passkey/add/start', who, 'passkey-add')
    expect(adding.status).toBe(403)
  })

  it('is not turned on by an assertion over an export challenge, nor by another user’s passkey', async () => {
    const who = await withPasskey()
    const other = await withPasskey()
    const forExport = await call(h, 'factor/passkey/on', who, 'passkey-factor', {
      passkey: await answer(who, 'export'),
    })
    expect(forExport.status).toBe(404)
    const { attemptId, options } = await started(who, 'login-method')
    const foreign = await call(h, 'factor/passkey/on', who, 'passkey-factor', {
      passkey: { attemptId, credential: other.authenticator.get(options, other.passkey, frame) },
    })
    expect(foreign.status).toBe(401)
    const listed = await call(h, 'passkey/list', who, 'passkey-list')
    expect(await listed.json()).toMatchObject({ secondFactor: false })
  })

  it('is turned off only for a fresh factor; a session alone cannot', async () => {
    const who = await withPasskey()
    expect((await turnOn(who)).status).toBe(200)
    const bare = await call(h, 'factor/passkey/off', who, 'passkey-factor')
    expect(bare.status).toBe(403)
    expect(await bare.json()).toMatchObject({ code: 'SECOND_FACTOR_REQUIRED' })
    const off = await call(h, 'factor/passkey/off', who, 'passkey-factor', {
      passkey: await answer(who, 'login-method'),
    })
    expect(off.status).toBe(200)
    expect(await off.json()).toMatchObject({ secondFactor: false })
    expect((await askPass(who, { action: 'export' })).status).toBe(200)
  })

  it('goes with the last passkey, so nothing asks for a passkey the user no longer has', async () => {
    const who = await withPasskey()
    expect((await turnOn(who)).status).toBe(200)
    const removed = await call(h, 'passkey/remove', who, 'passkey-remove', {
      credentialId: who.passkey.id,
      passkey: await answer(who, 'login-method'),
    })
    expect(removed.status).toBe(200)
    expect(await removed.json()).toMatchObject({ passkeys: [], secondFactor: false })
    expect((await askPass(who, { action: 'export' })).status).toBe(200)
  })
})
