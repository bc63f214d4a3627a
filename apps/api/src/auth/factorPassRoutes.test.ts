// Passes for sensitive actions over HTTP against a migrated database: signed with the key derived from
// the configured secret, for the session's wallet and device key, two minutes long; a fresh code when
// the user has a factor (each code once, wrong ones counted), none otherwise; and the attacks: a stolen
// access token without the device key, a user with no wallet, a send pass without its claims, and a
// token send with no coin that the threshold must still weigh.
import { createPublicKey, verify } from 'node:crypto'
import { FactorPassClaims, passDevice, passSigningInput } from '@walletframe/protocol'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as FactorPass from './factorPass.js'
import { deriveKeys } from './secrets.js'
import { type AuthHarness, authSecret, exampleWallet, newDevice, startAuthHarness } from './testing.js'
import { type Caller, call, codeOf, enrolled, spend, userWithWallet, wrongCode } from './walletTesting.js'

let h: AuthHarness
beforeAll(async () => {
  h = await startAuthHarness()
})
afterAll(() => h?.stop())

const passKey = FactorPass.publicKeyOf(deriveKeys(authSecret).pass)

const askPass = (who: Caller, body: object) => call(h, 'factor/pass', who, 'factor-pass', body)

/** The claims of a pass whose signature verifies under the configured key (throws otherwise). */
function opened(pass: string): FactorPassClaims {
  const [segment, signature] = pass.split('.') as [string, string]
  const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: passKey }, format: 'jwk' })
  const valid = verify(null, Buffer.from(passSigningInput(segment)), key, Buffer.from(signature, 'base64url'))
  if (!valid) throw new Error('the pass does not verify')
  return FactorPassClaims.parse(JSON.parse(Buffer.from(segment, 'base64url').toString()))
}

describe('POST /v1/auth/factor/pass', () => {
  it("signs a pass for the session's wallet and device key, factor 'none' without a factor", async () => {
    const who = await userWithWallet(h)
    const before = Math.floor(Date.now() / 1000)
    const answer = await askPass(who, { action: 'export' })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('cache-control')).toBe('no-store')
    const claims = opened(((await answer.json()) as { pass: string }).pass)
    expect(claims).toMatchObject({
      v: 1,
      action: 'export',
      wallet: exampleWallet.addresses.eip155.toLowerCase(),
      device: passDevice(who.device.publicKey),
      factor: 'none',
    })
    expect(claims.exp - before).toBeGreaterThanOrEqual(FactorPass.ttlSeconds)
    expect(claims.exp - before).toBeLessThanOrEqual(FactorPass.ttlSeconds + 2)
    const second = opened(
      ((await (await askPass(who, { action: 'export' })).json()) as { pass: string }).pass,
    )
    expect(second.nonce).not.toBe(claims.nonce)
  })

  it('asks a user with a factor for a fresh code, refuses a wrong one, and takes each code once', async () => {
    const who = await enrolled(h)
    const none = await askPass(who, { action: 'recovery-kit' })
    expect(none.status).toBe(403)
    expect(await none.json()).toMatchObject({
      code: 'SECOND_FACTOR_REQUIRED',
      error: expect.stringContaining('to make a recovery kit'),
    })
    const wrong = await askPass(who, { action: 'recovery-kit', code: wrongCode(who.secret) })
    expect(wrong.status).toBe(400)
    expect(await wrong.json()).toMatchObject({ code: 'TOTP_INVALID' })
    // The enrolment spent this step's code; the next step's is fresh.
    const code = codeOf(who.secret, 1)
    const passed = await askPass(who, { action: 'recovery-kit', code })
    expect(passed.status).toBe(200)
    expect(opened(((await passed.json()) as { pass: string }).pass)).toMatchObject({
      action: 'recovery-kit',
      factor: 'totp',
    })
    const replayed = await askPass(who, { action: 'export', code })
    expect(replayed.status).toBe(400)
    expect(await replayed.json()).toMatchObject({ code: 'TOTP_INVALID' })
    // A recovery code is a factor too, once.
    const [recovery] = who.recoveryCodes
    expect((await askPass(who, { action: 'export', code: recovery })).status).toBe(200)
    expect((await askPass(who, { action: 'export', code: recovery })).status).toBe(400)
  })

  it("binds a send pass to what its signature moves, and a send's claims to a send pass only", async () => {
    const who = await userWithWallet(h)
    const send = spend({ native: '1000000000000000001' })
    const answer = await askPass(who, { action: 'send', send })
    expect(opened(((await answer.json()) as { pass: string }).pass).send).toEqual(send)
    expect((await askPass(who, { action: 'send' })).status).toBe(400)
    expect((await askPass(who, { action: 'export', send })).status).toBe(400)
  })

  it('asks for a code only for a send over the threshold the user set with a code', async () => {
    const who = await enrolled(h)
    const threshold = '500000000000000000'
    const send = (value: string, code?: string) =>
      askPass(who, { action: 'send', send: spend({ native: value }), ...(code ? { code } : {}) })
    // No threshold yet: no send asks for a code.
    expect((await send(`9${'0'.repeat(20)}`)).status).toBe(200)
    // Setting it takes a fresh code: a session alone cannot raise it.
    const refused = await call(h, 'totp/threshold', who, 'totp-threshold', {
      sendThreshold: threshold,
      code: wrongCode(who.secret),
    })
    expect(refused.status).toBe(400)
    const set = await call(h, 'totp/threshold', who, 'totp-threshold', {
      sendThreshold: threshold,
      code: codeOf(who.secret, 1),
    })
    expect(set.status).toBe(200)
    expect(await set.json()).toMatchObject({ sendThreshold: threshold })
    // At the threshold: a pass without a code (factor 'none').
    const at = await send(threshold)
    expect(opened(((await at.json()) as { pass: string }).pass)).toMatchObject({
      action: 'send',
      factor: 'none',
    })
    // One wei over: a code, or nothing.
    const over = (BigInt(threshold) + 1n).toString()
    const without = await send(over)
    expect(without.status).toBe(403)
    expect(await without.json()).toMatchObject({ code: 'SECOND_FACTOR_REQUIRED' })
    const withCode = await send(over, who.recoveryCodes[0])
    expect(opened(((await withCode.json()) as { pass: string }).pass)).toMatchObject({
      factor: 'totp',
      send: spend({ native: over }),
    })
    // No coin at all, but a token without a price, or an effect the Worker could not read: a code.
    for (const claims of [{ tokens: [{ asset: `0x${'33'.repeat(20)}`, amount: '1' }] }, { unknown: true }]) {
      const moved = await askPass(who, { action: 'send', send: spend(claims) })
      expect(moved.status).toBe(403)
      expect(await moved.json()).toMatchObject({ code: 'SECOND_FACTOR_REQUIRED' })
    }
    // Without a factor there is no threshold to set.
    const plain = await userWithWallet(h)
    const none = await call(h, 'totp/threshold', plain, 'totp-threshold', {
      sendThreshold: threshold,
      code: '123456',
    })
    expect(none.status).toBe(409)
  })

  it('refuses a stolen access token without the device key, and a user with no wallet', async () => {
    const victim = await userWithWallet(h)
    const thief: Caller = { device: await newDevice(), token: victim.token }
    const stolen = await askPass(thief, { action: 'export' })
    expect(stolen.status).toBe(401)
    expect(await stolen.json()).toMatchObject({ code: 'DEVICE_PROOF_REJECTED' })
    const { device, connected } = await h.login()
    const walletless = await askPass({ device, token: connected.tokens.accessToken }, { action: 'export' })
    expect(walletless.status).toBe(409)
    expect(await walletless.json()).toMatchObject({ code: 'WALLET_MISSING' })
  })
})
