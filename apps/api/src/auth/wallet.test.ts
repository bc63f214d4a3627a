// The wallet's shares over HTTP against a migrated database: stored once, released only to the
// session's device key with a fresh single-use proof, the auth share sealed at rest, the recovery
// share opaque and handed out only to a device that asks for it (one without its device share).
import type { WalletCreateRequest, WalletShares } from '@walletframe/protocol'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authWallets } from '../db/schema.js'
import * as Envelope from './envelope.js'
import {
  type AuthHarness,
  authSecret,
  type Device,
  exampleWallet,
  newDevice,
  startAuthHarness,
} from './testing.js'
import { call, q } from './walletTesting.js'

let h: AuthHarness
beforeAll(async () => {
  h = await startAuthHarness()
})
afterAll(() => h?.stop())

// The shares every test stores; the API opens neither share, so their bytes are arbitrary.
const { addresses, authShare, recoveryShare } = exampleWallet

const create = (device: Device, accessToken: string, body: Partial<WalletCreateRequest> = {}) =>
  call(h, 'wallet/create', { device, token: accessToken }, 'create', {
    addresses,
    authShare,
    recoveryShare,
    ...body,
  })

const shares = (device: Device, accessToken: string, timestamp?: number, recovery?: boolean) =>
  call(h, 'wallet/shares', { device, token: accessToken }, 'shares', recovery ? { recovery } : {}, timestamp)

describe('POST /v1/auth/wallet/create', () => {
  it('stores the shares once: the auth share sealed, the recovery share as sent', async () => {
    const { device, connected } = await h.login()
    const token = connected.tokens.accessToken
    const created = await create(device, token)
    expect(created.status).toBe(200)
    expect(await created.json()).toMatchObject({ addresses })
    const [row] = await h.database.db
      .select()
      .from(authWallets)
      .where(eq(authWallets.userId, connected.user.id))
    expect(row!.authShare).not.toContain(authShare)
    expect(
      Buffer.from(Envelope.open(Envelope.fromSecret(authSecret), row!.authShare, connected.user.id)),
    ).toEqual(Buffer.from(authShare, 'base64url'))
    expect(row!.recoveryShare).toEqual(recoveryShare)
    const again = await create(device, token)
    expect(again.status).toBe(409)
    expect(await again.json()).toMatchObject({ code: 'WALLET_EXISTS' })
  })

  it("refuses another key's proof and a proof made for another call", async () => {
    const { connected } = await h.login()
    const token = connected.tokens.accessToken
    const thief = await newDevice()
    const forged = await create(thief, token)
    expect(forged.status).toBe(401)
    expect(await forged.json()).toMatchObject({ code: 'DEVICE_PROOF_REJECTED' })
    expect(
      (await h.database.db.select().from(authWallets).where(eq(authWallets.userId, connected.user.id)))
        .length,
    ).toBe(0)
  })
})

describe('POST /v1/auth/wallet/shares', () => {
  it('answers exists:false before a create, then the shares to a later session of the user', async () => {
    const first = await h.login()
    const before = (await (
      await shares(first.device, first.connected.tokens.accessToken)
    ).json()) as WalletShares
    expect(before).toEqual({ exists: false })
    expect((await create(first.device, first.connected.tokens.accessToken)).status).toBe(200)
    // A second login (a reload whose session ended, say) gets the shares the first one stored.
    h.passCooldown()
    const second = await h.login(first.email, first.device)
    const response = await shares(second.device, second.connected.tokens.accessToken)
    expect(response.headers.get('cache-control')).toBe('no-store')
    // A device that holds its device share needs no recovery ciphertext, and gets none.
    expect(await response.json()).toEqual({ exists: true, addresses, authShare, recoveryPassword: true })
    const recovering = await shares(second.device, second.connected.tokens.accessToken, undefined, true)
    expect(await recovering.json()).toEqual({
      exists: true,
      addresses,
      authShare,
      recoveryPassword: true,
      recoveryShare,
    })
  })

  it('spends each proof once: the same proof again is refused', async () => {
    const { device, connected } = await h.login()
    const token = connected.tokens.accessToken
    const once = await device.callProof('shares', token)
    const call = () =>
      h.post(`/v1/auth/wallet/shares${q}`, { proof: once }, { authorization: `Bearer ${token}` })
    expect((await call()).status).toBe(200)
    const replayed = await call()
    expect(replayed.status).toBe(401)
    expect(await replayed.json()).toMatchObject({ code: 'DEVICE_PROOF_REJECTED' })
  })

  it('refuses a stale proof, a missing session, a stolen access token and a signed-out session', async () => {
    const { device, connected } = await h.login()
    const token = connected.tokens.accessToken
    await create(device, token)
    const stale = await shares(device, token, Date.now() - 10 * 60_000)
    expect(stale.status).toBe(401)
    expect(await stale.json()).toMatchObject({ code: 'DEVICE_PROOF_REJECTED' })
    const unauthenticated = await h.post(`/v1/auth/wallet/shares${q}`, {
      proof: await device.callProof('shares', token),
    })
    expect(unauthenticated.status).toBe(401)
    // Whoever holds the access token but not the device key gets nothing.
    const thief = await newDevice()
    expect((await shares(thief, token)).status).toBe(401)
    // A proof signed for 'create' is not one for 'shares'.
    const wrongPurpose = await h.post(
      `/v1/auth/wallet/shares${q}`,
      { proof: await device.callProof('create', token) },
      { authorization: `Bearer ${token}` },
    )
    expect(wrongPurpose.status).toBe(401)
    await h.post(`/v1/auth/session/revoke${q}`, {}, { authorization: `Bearer ${token}` })
    expect((await shares(device, token)).status).toBe(401)
  })
})
