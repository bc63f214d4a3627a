// A wallet its PRF passkey alone protects, over HTTP: stored with the passkey's copy of the recovery
// share and no password ciphertext, a recovery password added later (once), and the attacks — a stolen
// access token without the device key, a stolen session replacing the password of a wallet that has
// one, a session without the fresh factor of a user who has one, removing the passkey whose copy is the
// wallet's last way in.
import type {
  AuthConnected,
  PasskeyRegisterStartResponse,
  PrfRecoveryShare,
  TotpStartResponse,
  WalletShares,
} from '@walletframe/protocol'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as TestAuthenticator from './testAuthenticator.js'
import {
  type AuthHarness,
  exampleWallet,
  frameOrigin,
  newDevice,
  roomyLimit,
  startAuthHarness,
} from './testing.js'
import { type Caller, call, codeOf, q } from './walletTesting.js'

let h: AuthHarness
beforeAll(async () => {
  h = await startAuthHarness({
    auth: {
      passkeyCallsPerIp: roomyLimit,
      walletCallsPerIp: roomyLimit,
    },
  })
}, 60_000)
afterAll(() => h?.stop())

const frame = { origin: frameOrigin }
const { recoveryShare, ...withoutPassword } = exampleWallet

const prfShare = (credentialId: string): PrfRecoveryShare => ({
  scheme: 'webauthn-prf/hkdf-sha256/aes-256-gcm',
  credentialId,
  salt: Buffer.alloc(32, 1).toString('base64url'),
  iv: 'aXZpdml2aXZpdml2',
  ciphertext: 'Y2lwaGVydGV4dGNpcGhlcnRleHRjaXBoZXJ0ZXh0',
})

/** A user made with a passkey alone. */
async function passkeyUser(): Promise<
  Caller & { passkeyId: string; authenticator: TestAuthenticator.Authenticator }
> {
  const device = await newDevice()
  const authenticator = TestAuthenticator.create()
  const started = (await (
    await h.post(`/v1/auth/passkey/register/start${q}`, { deviceKey: device.publicKey })
  ).json()) as PasskeyRegisterStartResponse
  const { credential, passkey } = authenticator.create(started.options, frame)
  const response = await h.post(`/v1/auth/passkey/register/finish${q}`, {
    attemptId: started.attemptId,
    credential,
    proof: await device.connectProof(started.attemptId),
  })
  expect(response.status).toBe(200)
  const connected = (await response.json()) as AuthConnected
  return { device, token: connected.tokens.accessToken, passkeyId: passkey.id, authenticator }
}

/** A passkey user whose wallet has only the passkey's copy of the recovery share. */
async function passkeyWallet() {
  const who = await passkeyUser()
  const created = await call(h, 'wallet/create', who, 'create', {
    ...withoutPassword,
    prfShare: prfShare(who.passkeyId),
  })
  expect(created.status).toBe(200)
  return who
}

const shares = async (who: Caller, body: object = {}) =>
  (await (await call(h, 'wallet/shares', who, 'shares', body)).json()) as Extract<
    WalletShares,
    { exists: true }
  >
const addPassword = (who: Caller, body: object = {}) =>
  call(h, 'wallet/recovery-password', who, 'recovery-password', { recoveryShare, ...body })
const codeIn = async (response: Response) => ((await response.json()) as { code: string }).code

describe('a wallet with no recovery password', () => {
  it('is stored with the passkey’s copy alone, and says it has no password', async () => {
    const who = await passkeyWallet()
    const plain = await shares(who)
    expect(plain.recoveryPassword).toBe(false)
    const recovery = await shares(who, { recovery: true, prfCredentialId: who.passkeyId })
    expect(recovery.recoveryShare).toBeUndefined()
    expect(recovery.prfShare).toEqual(prfShare(who.passkeyId))
  })

  it('is refused with neither a password ciphertext nor a passkey’s copy, and nothing is stored', async () => {
    const who = await passkeyUser()
    const response = await call(h, 'wallet/create', who, 'create', withoutPassword)
    expect(response.status).toBe(400)
    expect((await shares(who)).exists).toBe(false)
  })
})

describe('POST /v1/auth/wallet/recovery-password', () => {
  it('adds a password once: the ciphertext is kept, and a second one is refused (409)', async () => {
    const who = await passkeyWallet()
    const added = await addPassword(who)
    expect(added.status).toBe(200)
    expect(await added.json()).toEqual({ recoveryPassword: true })
    const after = await shares(who, { recovery: true })
    expect(after).toMatchObject({ recoveryPassword: true, recoveryShare })
    const again = await addPassword(who, { recoveryShare: { ...recoveryShare, iv: 'b3RoZXJvdGhlcm90' } })
    expect(again.status).toBe(409)
    expect(await codeIn(again)).toBe('RECOVERY_PASSWORD_EXISTS')
    expect((await shares(who, { recovery: true })).recoveryShare).toEqual(recoveryShare)
  })

  it('never replaces the password of a wallet that has one: a stolen session cannot swap in its own', async () => {
    const who = await passkeyUser()
    expect((await call(h, 'wallet/create', who, 'create', exampleWallet)).status).toBe(200)
    const response = await addPassword(who, { recoveryShare: { ...recoveryShare, iv: 'dGhpZWZ0aGllZnRo' } })
    expect(response.status).toBe(409)
    expect((await shares(who, { recovery: true })).recoveryShare).toEqual(recoveryShare)
  })

  it('refuses a stolen access token without the device key’s proof, and stores nothing', async () => {
    const who = await passkeyWallet()
    const thief = { device: await newDevice(), token: who.token }
    const response = await addPassword(thief)
    expect(response.status).toBe(401)
    expect(await codeIn(response)).toBe('DEVICE_PROOF_REJECTED')
    expect((await shares(who)).recoveryPassword).toBe(false)
  })

  it('refuses a user with no wallet yet (409 WALLET_MISSING)', async () => {
    const who = await passkeyUser()
    const response = await addPassword(who)
    expect(response.status).toBe(409)
    expect(await codeIn(response)).toBe('WALLET_MISSING')
  })

  it('with a second factor on, takes a fresh one: the session alone is refused (403), a code adds it', async () => {
    const who = await passkeyWallet()
    const { secret } = (await (await call(h, 'totp/start', who, 'totp-start')).json()) as TotpStartResponse
    expect((await call(h, 'totp/confirm', who, 'totp-confirm', { code: codeOf(secret) })).status).toBe(200)
    const bare = await addPassword(who)
    expect(bare.status).toBe(403)
    expect(await codeIn(bare)).toBe('SECOND_FACTOR_REQUIRED')
    expect((await shares(who)).recoveryPassword).toBe(false)
    expect((await addPassword(who, { code: codeOf(secret, 1) })).status).toBe(200)
  })
})

describe('removing a passkey of a wallet with no recovery password', () => {
  it('is refused for the passkey whose copy is the last way in, until a password is added', async () => {
    const who = await passkeyWallet()
    // A second passkey (no copy): the first one is not the last login, but still the last way in.
    const started = await call(h, 'passkey/add/start', who, 'passkey-add')
    const { attemptId, options } = (await started.json()) as PasskeyRegisterStartResponse
    const { credential } = TestAuthenticator.create().create(options, frame)
    expect((await call(h, 'passkey/add/finish', who, 'passkey-add', { attemptId, credential })).status).toBe(
      200,
    )
    const refused = await call(h, 'passkey/remove', who, 'passkey-remove', { credentialId: who.passkeyId })
    expect(refused.status).toBe(409)
    expect(((await refused.json()) as { error: string }).error).toContain('only way to open your wallet')
    expect((await shares(who, { recovery: true, prfCredentialId: who.passkeyId })).prfShare).toBeDefined()
    expect((await addPassword(who)).status).toBe(200)
    expect(
      (await call(h, 'passkey/remove', who, 'passkey-remove', { credentialId: who.passkeyId })).status,
    ).toBe(200)
  })
})
