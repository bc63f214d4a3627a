// A passkey as the user's only second factor (no authenticator app), over HTTP with the software
// authenticator: the auth share is held back at the wallet's opening until a passkey's assertion over
// an 'open' challenge passes the factor; the send threshold is set with the passkey alone; the 403s
// name the passkey, not an authenticator app; a login with the passkey itself passes it (the app it does
// not). And the attacks: the token and device key alone, a
// replayed assertion, an assertion over another action's challenge, another user's passkey, another
// session's challenge.
import type {
  AuthConnected,
  FactorPassClaims,
  PasskeyLoginStartResponse,
  PasskeyRegisterStartResponse,
  TotpStartResponse,
} from '@walletframe/protocol'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as TestAuthenticator from './testAuthenticator.js'
import { type AuthHarness, frameOrigin, newDevice, roomyLimit, startAuthHarness } from './testing.js'
import { type Caller, call, codeOf, q, sameDeviceAgain, spend, userWithWallet } from './walletTesting.js'

let h: AuthHarness
beforeAll(async () => {
  h = await startAuthHarness({
    auth: {
      passkeyCallsPerIp: roomyLimit,
      walletCallsPerIp: roomyLimit,
      factorPasskeyPerUser: roomyLimit,
    },
  })
}, 60_000)
afterAll(() => h?.stop())

const frame = { origin: frameOrigin }
type Who = Awaited<ReturnType<typeof passkeyOnly>>

/** A user with a wallet and a passkey chosen as their only second factor. */
async function passkeyOnly() {
  const who = await userWithWallet(h)
  const authenticator = TestAuthenticator.create()
  const started = await call(h, 'passkey/add/start', who, 'passkey-add')
  const { attemptId, options } = (await started.json()) as PasskeyRegisterStartResponse
  const { credential, passkey } = authenticator.create(options, frame)
  expect((await call(h, 'passkey/add/finish', who, 'passkey-add', { attemptId, credential })).status).toBe(
    200,
  )
  const user = { ...who, authenticator, passkey }
  const on = await call(h, 'factor/passkey/on', user, 'passkey-factor', {
    passkey: await answer(user, user, 'login-method'),
  })
  expect(on.status).toBe(200)
  return user
}

/** `signer`'s passkey answering a challenge `asker` started for `action` ('open' through its own route). */
async function answer(asker: Caller, signer: Pick<Who, 'authenticator' | 'passkey'>, action: string) {
  const response =
    action === 'open'
      ? await call(h, 'factor/passkey/open', asker, 'factor-passkey')
      : await call(h, 'factor/passkey', asker, 'factor-passkey', { action })
  expect(response.status).toBe(200)
  const { attemptId, options } = (await response.json()) as PasskeyLoginStartResponse
  return { attemptId, credential: signer.authenticator.get(options, signer.passkey, frame) }
}

const shares = (who: Caller) => call(h, 'wallet/shares', who, 'shares')
const verify = (who: Caller, passkey: object) =>
  call(h, 'factor/passkey/verify', who, 'factor-verify', { passkey })
const body = async (response: Response) => (await response.json()) as { code: string; error: string }
const claimsOf = (pass: string): FactorPassClaims =>
  JSON.parse(Buffer.from(pass.split('.')[0]!, 'base64url').toString()) as FactorPassClaims

describe('the wallet’s opening with a passkey as the only factor', () => {
  it('holds the auth share back from a new session until its passkey passes the factor', async () => {
    const who = await passkeyOnly()
    // The session that turned the factor on has given it already.
    expect((await shares(who)).status).toBe(200)
    const again = await sameDeviceAgain(h, who)
    const refused = await shares(again)
    expect(refused.status).toBe(403)
    const words = await body(refused)
    expect(words.code).toBe('SECOND_FACTOR_REQUIRED')
    // It asks for the passkey: the user has no authenticator app.
    expect(words.error).toBe('Confirm with your passkey to open the wallet')
    expect(words.error).not.toContain('authenticator app')
    const passed = await verify(again, await answer(again, who, 'open'))
    expect(passed.status).toBe(200)
    expect((await shares(again)).status).toBe(200)
  })

  it('refuses the token and device key alone, a replayed assertion, and an assertion over another action', async () => {
    const who = await passkeyOnly()
    const again = await sameDeviceAgain(h, who)
    // No factor given: nothing released, and verify without an assertion is a bad request.
    expect((await shares(again)).status).toBe(403)
    expect((await call(h, 'factor/passkey/verify', again, 'factor-verify')).status).toBe(400)
    // An assertion over an export challenge does not open the wallet.
    const forExport = await verify(again, await answer(again, who, 'export'))
    expect(forExport.status).toBe(404)
    expect((await shares(again)).status).toBe(403)
    // A replay of an assertion another session spent: its challenge is gone (409).
    const third = await sameDeviceAgain(h, who)
    const spent = await answer(third, who, 'open')
    expect((await verify(third, spent)).status).toBe(200)
    const fourth = await sameDeviceAgain(h, who)
    expect((await verify(fourth, spent)).status).toBe(409)
    expect((await shares(fourth)).status).toBe(403)
  })

  it('refuses another user’s passkey over this session’s challenge', async () => {
    const who = await passkeyOnly()
    const other = await passkeyOnly()
    const again = await sameDeviceAgain(h, who)
    const foreign = await verify(again, await answer(again, other, 'open'))
    expect(foreign.status).toBeGreaterThanOrEqual(400)
    expect((await shares(again)).status).toBe(403)
  })

  it('gives a user without a passkey no open challenge (404)', async () => {
    const who = await userWithWallet(h)
    const started = await call(h, 'factor/passkey/open', who, 'factor-passkey')
    // No passkey here at all: no challenge either.
    expect(started.status).toBe(404)
  })
})

describe('a login with the passkey itself', () => {
  /** `who` logging in with their passkey on a new device: the assertion has user verification. */
  async function passkeyLogin(who: Who): Promise<Caller> {
    const device = await newDevice()
    const started = await h.post(`/v1/auth/passkey/login/start${q}`, { deviceKey: device.publicKey })
    const { attemptId, options } = (await started.json()) as PasskeyLoginStartResponse
    const finished = await h.post(`/v1/auth/passkey/login/finish${q}`, {
      attemptId,
      credential: who.authenticator.get(options, who.passkey, frame),
      proof: await device.connectProof(attemptId),
    })
    expect(finished.status).toBe(200)
    return { device, token: ((await finished.json()) as AuthConnected).tokens.accessToken }
  }

  it('passes a passkey factor at once (one touch on a new device); an email login still asks for it', async () => {
    const who = await passkeyOnly()
    expect((await shares(await passkeyLogin(who))).status).toBe(200)
    expect((await shares(await sameDeviceAgain(h, who))).status).toBe(403)
  })

  it('does not pass the authenticator app: with the app on, a passkey login still gives its code', async () => {
    const who = await passkeyOnly()
    const started = (await (await call(h, 'totp/start', who, 'totp-start')).json()) as TotpStartResponse
    const confirmed = await call(h, 'totp/confirm', who, 'totp-confirm', { code: codeOf(started.secret) })
    expect(confirmed.status).toBe(200)
    const refused = await shares(await passkeyLogin(who))
    expect(refused.status).toBe(403)
    expect((await body(refused)).code).toBe('SECOND_FACTOR_REQUIRED')
  })
})

describe('the send threshold with a passkey as the only factor', () => {
  const setThreshold = (who: Caller, request: object) =>
    call(h, 'factor/threshold', who, 'factor-threshold', request)
  const askSend = (who: Caller, value: string, extra: object = {}) =>
    call(h, 'factor/pass', who, 'factor-pass', {
      action: 'send',
      send: spend({ native: value }),
      ...extra,
    })

  it('is set with the passkey alone; sends above it then ask for the passkey, those below do not', async () => {
    const who = await passkeyOnly()
    // Before a threshold, a send of any amount asks for nothing.
    expect((await askSend(who, '5000')).status).toBe(200)
    const set = await setThreshold(who, {
      sendThreshold: '1000',
      passkey: await answer(who, who, 'login-method'),
    })
    expect(set.status).toBe(200)
    expect(await set.json()).toEqual({ sendThreshold: '1000' })
    // The list of passkeys says it, as the Account view shows it.
    const listed = await call(h, 'passkey/list', who, 'passkey-list')
    expect(await listed.json()).toMatchObject({ secondFactor: true, sendThreshold: '1000' })
    expect((await askSend(who, '1000')).status).toBe(200)
    const over = await askSend(who, '1001')
    expect(over.status).toBe(403)
    expect((await body(over)).error).toBe('Confirm with your passkey to approve this send')
    const approved = await askSend(who, '1001', { passkey: await answer(who, who, 'send') })
    expect(approved.status).toBe(200)
    expect(claimsOf(((await approved.json()) as { pass: string }).pass)).toMatchObject({ factor: 'passkey' })
  })

  it('is not raised or cleared by the session alone, nor with an assertion over another action', async () => {
    const who = await passkeyOnly()
    expect(
      (await setThreshold(who, { sendThreshold: '1000', passkey: await answer(who, who, 'login-method') }))
        .status,
    ).toBe(200)
    const bare = await setThreshold(who, { sendThreshold: null })
    expect(bare.status).toBe(403)
    expect((await body(bare)).error).not.toContain('authenticator app')
    const forSend = await setThreshold(who, { sendThreshold: null, passkey: await answer(who, who, 'send') })
    expect(forSend.status).toBe(404)
    expect((await askSend(who, '1001')).status).toBe(403)
  })

  it('is refused for a user with no factor (409 TOTP_STATE)', async () => {
    const who = await userWithWallet(h)
    const response = await setThreshold(who, { sendThreshold: '1000' })
    expect(response.status).toBe(409)
    expect((await body(response)).code).toBe('TOTP_STATE')
  })
})
