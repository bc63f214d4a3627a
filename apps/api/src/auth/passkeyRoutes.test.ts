// Passkey login through the routes, with a software authenticator answering as the browser would: a
// user made with a passkey alone, the same user on a new device with the wallet's shares, and the
// attacks — a replayed challenge or assertion, another user's credential, another origin or RP ID,
// another device finishing, a counter going back, a page the project does not allow around the frame.
import type {
  AuthConnected,
  PasskeyLoginStartResponse,
  PasskeyRegisterStartResponse,
  WalletShares,
} from '@walletframe/protocol'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as Projects from '../db/projects.js'
import { authPasskeys, authUsers } from '../db/schema.js'
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
  // One address makes every ceremony here; the per-IP limit has a test of its own below.
  h = await startAuthHarness({ auth: { passkeyCallsPerIp: roomyLimit } })
  await Projects.upsert(h.database.db, { id: 'dapp', name: 'Dapp', allowedOrigins: ['https://dapp.test'] })
}, 60_000)
afterAll(() => h?.stop())

const q = '?projectId=app'
const frame = { origin: frameOrigin }

async function registerStart(device: Device, query = q) {
  const response = await h.post(`/v1/auth/passkey/register/start${query}`, { deviceKey: device.publicKey })
  expect(response.status).toBe(200)
  return (await response.json()) as PasskeyRegisterStartResponse
}

async function loginStart(device: Device, query = q) {
  const response = await h.post(`/v1/auth/passkey/login/start${query}`, { deviceKey: device.publicKey })
  expect(response.status).toBe(200)
  return (await response.json()) as PasskeyLoginStartResponse
}

const finish = async (
  ceremony: 'register' | 'login',
  attemptId: string,
  credential: unknown,
  device: Device,
  query = q,
) =>
  h.post(`/v1/auth/passkey/${ceremony}/finish${query}`, {
    attemptId,
    credential,
    proof: await device.connectProof(attemptId),
  })

/** A new passkey user, their device, and the passkey. */
async function register(authenticator = TestAuthenticator.create()) {
  const device = await newDevice()
  const started = await registerStart(device)
  const { credential, passkey } = authenticator.create(started.options, frame)
  const response = await finish('register', started.attemptId, credential, device)
  expect(response.status).toBe(200)
  return { device, passkey, authenticator, connected: (await response.json()) as AuthConnected }
}

const errorOf = async (response: Response) => (await response.json()) as { code: string; error: string }

describe('passkey register', () => {
  it('offers a discoverable, user-verified credential for the frame’s site', async () => {
    const started = await registerStart(await newDevice())
    expect(started.options).toMatchObject({
      rp: { id: 'frame.test', name: 'Walletframe' },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    })
    expect(started.options.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/)
    // Nothing polls a passkey attempt: the ceremony finishes in the frame's own call.
    expect((await h.get(`/v1/auth/attempts/${started.attemptId}${q}`)).status).toBe(404)
  })

  it('makes a user with the passkey alone and a session bound to the device key', async () => {
    const { connected, passkey, device } = await register()
    expect(connected.user.authProvider).toBe('passkey')
    expect(connected.user.email).toBeUndefined()
    const [row] = await h.database.db
      .select()
      .from(authPasskeys)
      .where(eq(authPasskeys.credentialId, passkey.id))
    expect(row).toMatchObject({ userId: connected.user.id, rpId: 'frame.test', counter: 0 })
    const [user] = await h.database.db.select().from(authUsers).where(eq(authUsers.id, connected.user.id))
    expect(user?.email).toBeNull()
    // The session is a wallet session like any other: its device key stores the shares.
    const { accessToken } = connected.tokens
    const created = await h.post(
      `/v1/auth/wallet/create${q}`,
      { ...exampleWallet, proof: await device.callProof('create', accessToken) },
      { authorization: `Bearer ${accessToken}` },
    )
    expect(created.status).toBe(200)
  })

  it('refuses a registration challenge used twice', async () => {
    const authenticator = TestAuthenticator.create()
    const device = await newDevice()
    const started = await registerStart(device)
    const first = authenticator.create(started.options, frame)
    expect((await finish('register', started.attemptId, first.credential, device)).status).toBe(200)
    const again = await finish('register', started.attemptId, first.credential, device)
    expect(again.status).toBe(409)
    // A second passkey on the same challenge is refused as well: the challenge is gone.
    const second = authenticator.create(started.options, frame)
    expect((await finish('register', started.attemptId, second.credential, device)).status).toBe(409)
    // The same registration under a fresh challenge: its clientData names the old one.
    const next = await registerStart(device)
    const replayed = await finish('register', next.attemptId, first.credential, device)
    expect(replayed.status).toBe(401)
    expect(await errorOf(replayed)).toMatchObject({ code: 'PASSKEY_REJECTED' })
  })

  it('refuses a registration made on another origin, and spends the challenge', async () => {
    const authenticator = TestAuthenticator.create()
    const device = await newDevice()
    const started = await registerStart(device)
    const phished = authenticator.create(started.options, { origin: 'https://frame.test.evil.example' })
    const response = await finish('register', started.attemptId, phished.credential, device)
    expect(response.status).toBe(401)
    expect(await errorOf(response)).toMatchObject({ code: 'PASSKEY_REJECTED' })
    const honest = authenticator.create(started.options, frame)
    expect((await finish('register', started.attemptId, honest.credential, device)).status).toBe(409)
  })

  it('refuses a passkey scoped to another relying party', async () => {
    const device = await newDevice()
    const started = await registerStart(device)
    const { credential } = TestAuthenticator.create().create(started.options, {
      ...frame,
      rpId: 'evil.example',
    })
    expect((await finish('register', started.attemptId, credential, device)).status).toBe(401)
  })

  it('is finished only by the device that started it', async () => {
    const started = await registerStart(await newDevice())
    const { credential } = TestAuthenticator.create().create(started.options, frame)
    const response = await finish('register', started.attemptId, credential, await newDevice())
    expect(response.status).toBe(401)
    expect(await errorOf(response)).toMatchObject({ code: 'DEVICE_PROOF_REJECTED' })
  })

  it('refuses a ceremony framed by a page the project does not allow', async () => {
    const device = await newDevice()
    const started = await registerStart(device)
    const { credential } = TestAuthenticator.create().create(started.options, {
      ...frame,
      topOrigin: 'https://evil.example',
    })
    expect((await finish('register', started.attemptId, credential, device)).status).toBe(401)
  })
})

describe('passkey login', () => {
  it('logs the user in on a new device, which recovers the wallet from the API’s shares', async () => {
    const { connected, passkey, authenticator, device } = await register()
    const { accessToken } = connected.tokens
    await h.post(
      `/v1/auth/wallet/create${q}`,
      { ...exampleWallet, proof: await device.callProof('create', accessToken) },
      { authorization: `Bearer ${accessToken}` },
    )
    const newcomer = await newDevice()
    const started = await loginStart(newcomer)
    expect(started.options).toMatchObject({ rpId: 'frame.test', userVerification: 'required' })
    const assertion = authenticator.get(started.options, passkey, frame)
    const response = await finish('login', started.attemptId, assertion, newcomer)
    expect(response.status).toBe(200)
    const again = (await response.json()) as AuthConnected
    expect(again.user).toMatchObject({ id: connected.user.id, authProvider: 'passkey' })
    const bearer = { authorization: `Bearer ${again.tokens.accessToken}` }
    const shares = (await (
      await h.post(
        `/v1/auth/wallet/shares${q}`,
        { recovery: true, proof: await newcomer.callProof('shares', again.tokens.accessToken) },
        bearer,
      )
    ).json()) as WalletShares
    expect(shares).toMatchObject({
      exists: true,
      addresses: exampleWallet.addresses,
      authShare: exampleWallet.authShare,
      recoveryShare: exampleWallet.recoveryShare,
    })
  })

  it('refuses a replayed assertion, on its own challenge and on a new one', async () => {
    const { passkey, authenticator } = await register()
    const device = await newDevice()
    const started = await loginStart(device)
    const assertion = authenticator.get(started.options, passkey, frame)
    expect((await finish('login', started.attemptId, assertion, device)).status).toBe(200)
    expect((await finish('login', started.attemptId, assertion, device)).status).toBe(409)
    const next = await loginStart(device)
    const replayed = await finish('login', next.attemptId, assertion, device)
    expect(replayed.status).toBe(401)
    expect(await errorOf(replayed)).toMatchObject({ code: 'PASSKEY_REJECTED' })
  })

  it('refuses an assertion for another user’s credential', async () => {
    const alice = await register()
    const mallory = await register()
    const device = await newDevice()
    // Mallory signs with her key but names Alice's credential: the signature is not Alice's key's.
    let started = await loginStart(device)
    const forged = mallory.authenticator.get(started.options, mallory.passkey, frame)
    const claimed = { ...forged, id: alice.passkey.id, rawId: alice.passkey.id }
    const signature = await finish(
      'login',
      started.attemptId,
      { ...claimed, response: { ...claimed.response, userHandle: alice.passkey.userHandle } },
      device,
    )
    expect(signature.status).toBe(401)
    // Alice's own credential presented as Mallory's user: the user handle must be the passkey's.
    started = await loginStart(device)
    const crossed = alice.authenticator.get(started.options, alice.passkey, {
      ...frame,
      userHandle: mallory.passkey.userHandle,
    })
    const handle = await finish('login', started.attemptId, crossed, device)
    expect(handle.status).toBe(401)
    expect(await errorOf(handle)).toMatchObject({ code: 'PASSKEY_REJECTED' })
  })

  it('refuses an assertion made on another origin', async () => {
    const { passkey, authenticator } = await register()
    const device = await newDevice()
    const started = await loginStart(device)
    const assertion = authenticator.get(started.options, passkey, { origin: 'https://dapp.test' })
    expect((await finish('login', started.attemptId, assertion, device)).status).toBe(401)
  })

  it('refuses a counter that goes back (a cloned authenticator)', async () => {
    const { passkey, authenticator } = await register(TestAuthenticator.create({ counting: true }))
    const device = await newDevice()
    let started = await loginStart(device)
    expect(
      (await finish('login', started.attemptId, authenticator.get(started.options, passkey, frame), device))
        .status,
    ).toBe(200)
    started = await loginStart(device)
    const stale = authenticator.get(started.options, passkey, { ...frame, counter: 1 })
    expect((await finish('login', started.attemptId, stale, device)).status).toBe(401)
  })

  it('accepts the frame in a cross-origin iframe on a page the project allows', async () => {
    const { passkey, authenticator } = await register()
    const device = await newDevice()
    const dapp = '?projectId=dapp'
    let started = await loginStart(device, dapp)
    const embedded = authenticator.get(started.options, passkey, { ...frame, topOrigin: 'https://dapp.test' })
    expect((await finish('login', started.attemptId, embedded, device, dapp)).status).toBe(200)
    started = await loginStart(device, dapp)
    const elsewhere = authenticator.get(started.options, passkey, {
      ...frame,
      topOrigin: 'https://evil.example',
    })
    expect((await finish('login', started.attemptId, elsewhere, device, dapp)).status).toBe(401)
  })
})

describe('passkey limits', () => {
  it('limits starts and finishes per IP, in the shared store', async () => {
    const limited = await startAuthHarness({
      auth: { passkeyCallsPerIp: { capacity: 2, refillPerSecond: 0.001 } },
    })
    try {
      const device = await newDevice()
      const start = () => limited.post(`/v1/auth/passkey/login/start${q}`, { deviceKey: device.publicKey })
      expect((await start()).status).toBe(200)
      const started = (await (await start()).json()) as PasskeyLoginStartResponse
      const refused = await limited.post(`/v1/auth/passkey/login/finish${q}`, {
        attemptId: started.attemptId,
        credential: {
          id: 'A'.repeat(43),
          rawId: 'A'.repeat(43),
          type: 'public-key',
          response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
        },
        proof: await device.connectProof(started.attemptId),
      })
      expect(refused.status).toBe(429)
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/)
    } finally {
      await limited.stop()
    }
  }, 60_000)
})
