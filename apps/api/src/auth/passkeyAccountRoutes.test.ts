// The user's passkeys through the routes, with the software authenticator: list, add to an email
// user, remove; the passkey's PRF copy of the recovery share; and the attacks — removing the last
// login, removing another user's passkey, finishing an add from another account or device, replaying
// an add's challenge, a call without the device key's proof.
import type {
  AuthConnected,
  PasskeyList,
  PasskeyRegisterStartResponse,
  PasskeySummary,
  PrfRecoveryShare,
  WalletShares,
} from '@walletframe/protocol'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authPasskeys, authPrfShares } from '../db/schema.js'
import * as TestAuthenticator from './testAuthenticator.js'
import {
  type AuthHarness,
  type Device,
  exampleWallet,
  frameOrigin,
  newDevice,
  roomyLimit,
  startAuthHarness,
} from './testing.js'

let h: AuthHarness
beforeAll(async () => {
  h = await startAuthHarness({ auth: { passkeyCallsPerIp: roomyLimit } })
}, 60_000)
afterAll(() => h?.stop())

const q = '?projectId=app'
const frame = { origin: frameOrigin }
const chromeOnLinux =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36'

type Signed = { device: Device; connected: AuthConnected }

/** A user made with a passkey alone. */
async function passkeyUser(authenticator = TestAuthenticator.create()) {
  const device = await newDevice()
  const started = (await (
    await h.post(`/v1/auth/passkey/register/start${q}`, { deviceKey: device.publicKey })
  ).json()) as PasskeyRegisterStartResponse
  const { credential, passkey } = authenticator.create(started.options, frame)
  const response = await h.post(
    `/v1/auth/passkey/register/finish${q}`,
    { attemptId: started.attemptId, credential, proof: await device.connectProof(started.attemptId) },
    { 'user-agent': chromeOnLinux },
  )
  expect(response.status).toBe(200)
  return { device, passkey, authenticator, connected: (await response.json()) as AuthConnected }
}

/** POSTs a passkey account call as `who`, with a fresh proof over `purpose`. */
async function call(
  who: Signed,
  path: 'list' | 'add/start' | 'add/finish' | 'remove',
  body: Record<string, unknown> = {},
  timestamp = Date.now(),
) {
  const purpose = path === 'list' ? 'passkey-list' : path === 'remove' ? 'passkey-remove' : 'passkey-add'
  const { accessToken } = who.connected.tokens
  return h.post(
    `/v1/auth/passkey/${path}${q}`,
    { ...body, proof: await who.device.callProof(purpose, accessToken, timestamp) },
    { authorization: `Bearer ${accessToken}`, 'user-agent': chromeOnLinux },
  )
}

const list = async (who: Signed) => (await (await call(who, 'list')).json()) as PasskeyList
const codeOf = async (response: Response) => ((await response.json()) as { code: string }).code

/** Adds a passkey of `authenticator` to `who`; answers the finish's response. */
async function add(who: Signed, authenticator = TestAuthenticator.create()) {
  const started = (await (await call(who, 'add/start')).json()) as PasskeyRegisterStartResponse
  const { credential, passkey } = authenticator.create(started.options, frame)
  const response = await call(who, 'add/finish', { attemptId: started.attemptId, credential })
  return { started, credential, passkey, response }
}

describe('POST /v1/auth/passkey/list', () => {
  it('lists the user’s passkey with its name, creation and last use', async () => {
    const user = await passkeyUser()
    const listed = await list(user)
    expect(listed.otherLogin).toBe(false)
    expect(listed.passkeys).toEqual([
      {
        credentialId: user.passkey.id,
        name: 'Chrome on Linux',
        createdAt: expect.any(String),
        lastUsedAt: expect.any(String),
        backedUp: false,
        recovery: false,
      },
    ])
  })

  it('refuses a stolen access token without the device key’s proof', async () => {
    const user = await passkeyUser()
    const thief = await newDevice()
    const { accessToken } = user.connected.tokens
    const response = await h.post(
      `/v1/auth/passkey/list${q}`,
      { proof: await thief.callProof('passkey-list', accessToken) },
      { authorization: `Bearer ${accessToken}` },
    )
    expect(response.status).toBe(401)
    expect(await codeOf(response)).toBe('DEVICE_PROOF_REJECTED')
  })
})

describe('POST /v1/auth/passkey/add/{start,finish}', () => {
  it('adds a passkey to an email user, which then logs in to the same account', async () => {
    const user = await h.login()
    const authenticator = TestAuthenticator.create()
    const { started, passkey, response } = await add(user, authenticator)
    expect(response.status).toBe(200)
    expect(((await response.json()) as PasskeySummary).name).toBe('Chrome on Linux')
    // The options name the existing user: the passkey logs in to this account.
    expect(started.options.user.id).toBe(Buffer.from(user.connected.user.id).toString('base64url'))
    expect((await list(user)).passkeys.map((p) => p.credentialId)).toEqual([passkey.id])

    const device = await newDevice()
    const login = (await (
      await h.post(`/v1/auth/passkey/login/start${q}`, { deviceKey: device.publicKey })
    ).json()) as { attemptId: string; options: Parameters<typeof authenticator.get>[0] }
    const assertion = authenticator.get(login.options, passkey, frame)
    const connected = await h.post(`/v1/auth/passkey/login/finish${q}`, {
      attemptId: login.attemptId,
      credential: assertion,
      proof: await device.connectProof(login.attemptId),
    })
    expect(connected.status).toBe(200)
    expect(((await connected.json()) as AuthConnected).user.id).toBe(user.connected.user.id)
  })

  it('excludes the user’s passkeys from a new one', async () => {
    const user = await passkeyUser()
    const { started } = await add(user)
    expect(started.options.excludeCredentials?.map((c) => c.id)).toContain(user.passkey.id)
  })

  it('refuses a replayed add challenge', async () => {
    const user = await passkeyUser()
    const first = await add(user)
    expect(first.response.status).toBe(200)
    const again = await call(user, 'add/finish', {
      attemptId: first.started.attemptId,
      credential: first.credential,
    })
    expect(again.status).toBe(409)
    // The same registration under a fresh challenge: its clientData names the spent one.
    const next = (await (await call(user, 'add/start')).json()) as PasskeyRegisterStartResponse
    const replayed = await call(user, 'add/finish', {
      attemptId: next.attemptId,
      credential: first.credential,
    })
    expect(replayed.status).toBe(401)
    expect(await codeOf(replayed)).toBe('PASSKEY_REJECTED')
    expect((await list(user)).passkeys).toHaveLength(2)
  })

  it('refuses another account finishing the add, and the same account on another device', async () => {
    const victim = await passkeyUser()
    const attacker = await passkeyUser()
    const started = (await (await call(victim, 'add/start')).json()) as PasskeyRegisterStartResponse
    // The attacker's own passkey made for the victim's options: finishing it would bind it to the victim.
    const { credential } = TestAuthenticator.create().create(started.options, frame)
    const stolen = await call(attacker, 'add/finish', { attemptId: started.attemptId, credential })
    expect(stolen.status).toBe(404)

    // The victim logged in again on a second device: that session is not the one that started.
    const secondDevice = await newDevice()
    const login = (await (
      await h.post(`/v1/auth/passkey/login/start${q}`, { deviceKey: secondDevice.publicKey })
    ).json()) as { attemptId: string; options: Parameters<TestAuthenticator.Authenticator['get']>[0] }
    const secondSession = (await (
      await h.post(`/v1/auth/passkey/login/finish${q}`, {
        attemptId: login.attemptId,
        credential: victim.authenticator.get(login.options, victim.passkey, frame),
        proof: await secondDevice.connectProof(login.attemptId),
      })
    ).json()) as AuthConnected
    const other = await call({ device: secondDevice, connected: secondSession }, 'add/finish', {
      attemptId: started.attemptId,
      credential,
    })
    expect(other.status).toBe(404)
    expect((await list(victim)).passkeys).toHaveLength(1)
  })
})

describe('POST /v1/auth/passkey/remove', () => {
  it('refuses to remove a passkey-only user’s last passkey, and removes one of two', async () => {
    const user = await passkeyUser()
    const last = await call(user, 'remove', { credentialId: user.passkey.id })
    expect(last.status).toBe(409)
    expect(await codeOf(last)).toBe('LAST_LOGIN_FACTOR')

    const { passkey } = await add(user)
    const removed = await call(user, 'remove', { credentialId: user.passkey.id })
    expect(removed.status).toBe(200)
    expect(((await removed.json()) as PasskeyList).passkeys.map((p) => p.credentialId)).toEqual([passkey.id])
    const now = await call(user, 'remove', { credentialId: passkey.id })
    expect(await codeOf(now)).toBe('LAST_LOGIN_FACTOR')
  })

  it('removes an email user’s only passkey: the email still logs in', async () => {
    const user = await h.login()
    const { passkey } = await add(user)
    const removed = await call(user, 'remove', { credentialId: passkey.id })
    expect(removed.status).toBe(200)
    expect((await removed.json()) as PasskeyList).toEqual({
      passkeys: [],
      otherLogin: true,
      secondFactor: false,
    })
  })

  it('refuses to remove another user’s passkey', async () => {
    const victim = await passkeyUser()
    const attacker = await passkeyUser()
    await add(attacker)
    const response = await call(attacker, 'remove', { credentialId: victim.passkey.id })
    expect(response.status).toBe(404)
    expect(await codeOf(response)).toBe('PASSKEY_NOT_FOUND')
    const rows = await h.database.db
      .select()
      .from(authPasskeys)
      .where(eq(authPasskeys.credentialId, victim.passkey.id))
    expect(rows).toHaveLength(1)
  })

  it('never leaves a user without a login when two removals race', async () => {
    const user = await passkeyUser()
    const { passkey } = await add(user)
    // Two proofs (each works once: they differ by their time).
    const answers = await Promise.all([
      call(user, 'remove', { credentialId: user.passkey.id }, Date.now()),
      call(user, 'remove', { credentialId: passkey.id }, Date.now() + 1),
    ])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
    expect((await list(user)).passkeys).toHaveLength(1)
  })
})

describe('the passkey’s PRF copy of the recovery share', () => {
  const prfShare = (credentialId: string): PrfRecoveryShare => ({
    scheme: 'webauthn-prf/hkdf-sha256/aes-256-gcm',
    credentialId,
    salt: Buffer.alloc(32, 1).toString('base64url'),
    iv: 'aXZpdml2aXZpdml2',
    ciphertext: 'Y2lwaGVydGV4dGNpcGhlcnRleHRjaXBoZXJ0ZXh0',
  })
  const create = async (who: Signed, credentialId: string) =>
    h.post(
      `/v1/auth/wallet/create${q}`,
      {
        ...exampleWallet,
        prfShare: prfShare(credentialId),
        proof: await who.device.callProof('create', who.connected.tokens.accessToken),
      },
      { authorization: `Bearer ${who.connected.tokens.accessToken}` },
    )
  const shares = async (who: Signed, prfCredentialId: string) =>
    (await (
      await h.post(
        `/v1/auth/wallet/shares${q}`,
        {
          recovery: true,
          prfCredentialId,
          proof: await who.device.callProof('shares', who.connected.tokens.accessToken),
        },
        { authorization: `Bearer ${who.connected.tokens.accessToken}` },
      )
    ).json()) as Extract<WalletShares, { exists: true }>

  it('keeps the copy for the user’s passkey and hands it back only for that passkey', async () => {
    const user = await passkeyUser()
    expect((await create(user, user.passkey.id)).status).toBe(200)
    expect((await shares(user, user.passkey.id)).prfShare).toEqual(prfShare(user.passkey.id))
    expect((await list(user)).passkeys[0]?.recovery).toBe(true)
    // Another user asking with this credential id gets no copy.
    const other = await passkeyUser()
    expect((await create(other, other.passkey.id)).status).toBe(200)
    expect((await shares(other, user.passkey.id)).prfShare).toBeUndefined()
  })

  it('refuses a copy for another user’s passkey, and stores no wallet then', async () => {
    const victim = await passkeyUser()
    const attacker = await passkeyUser()
    const response = await create(attacker, victim.passkey.id)
    expect(response.status).toBe(404)
    expect(await codeOf(response)).toBe('PASSKEY_NOT_FOUND')
    expect((await shares(attacker, attacker.passkey.id)).exists).toBe(false)
  })

  it('goes with its passkey', async () => {
    const user = await passkeyUser()
    await create(user, user.passkey.id)
    await add(user)
    expect((await call(user, 'remove', { credentialId: user.passkey.id })).status).toBe(200)
    const rows = await h.database.db
      .select()
      .from(authPrfShares)
      .where(eq(authPrfShares.credentialId, user.passkey.id))
    expect(rows).toEqual([])
  })
})

describe('a passkey added with its PRF copy', () => {
  const copy = (credentialId: string) => ({
    scheme: 'webauthn-prf/hkdf-sha256/aes-256-gcm',
    credentialId,
    salt: Buffer.alloc(32, 2).toString('base64url'),
    iv: 'aXZpdml2aXZpdml2',
    ciphertext: 'Y2lwaGVydGV4dGNpcGhlcnRleHRjaXBoZXJ0ZXh0',
  })

  it('keeps the copy of the new passkey, and refuses one naming another passkey', async () => {
    const user = await h.login()
    const authenticator = TestAuthenticator.create()
    const started = (await (await call(user, 'add/start')).json()) as PasskeyRegisterStartResponse
    const { credential, passkey } = authenticator.create(started.options, frame)
    const other = await call(user, 'add/finish', {
      attemptId: started.attemptId,
      credential,
      prfShare: copy(user.connected.user.id.padEnd(22, 'A')),
    })
    expect(other.status).toBe(400)
    // Refused before the challenge was spent: the honest finish still works.
    const response = await call(user, 'add/finish', {
      attemptId: started.attemptId,
      credential,
      prfShare: copy(passkey.id),
    })
    expect(response.status).toBe(200)
    expect(((await response.json()) as PasskeySummary).recovery).toBe(true)
    const rows = await h.database.db
      .select()
      .from(authPrfShares)
      .where(eq(authPrfShares.credentialId, passkey.id))
    expect(rows).toMatchObject([{ userId: user.connected.user.id }])
  })
})
