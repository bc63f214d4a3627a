// Sign In With Farcaster end to end against the devstack's relay stand-in and its IdRegistry chain over
// HTTP: start opens a channel, the devstack's Farcaster client signs with a fixture custody key, the
// frame's poll verifies and the CONNECT opens the session. Replays, wrong custody, wrong domain fail.
import { createWalletClient, viemConnector } from '@farcaster/auth-client'
import { farcasterService, farcasterSignIn, farcasterUser } from '@walletframe/devstack'
import type { AuthAttemptStatus, AuthConnected, FarcasterStartResponse } from '@walletframe/protocol'
import { eq } from 'drizzle-orm'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authAttempts, authIdentities } from '../db/schema.js'
import { type AuthHarness, type Device, frameOrigin, newDevice, startAuthHarness } from './testing.js'

let h: AuthHarness
let stand: Awaited<ReturnType<typeof farcasterService.start>>
let relayUrl: string
beforeAll(async () => {
  stand = await farcasterService.start({ networks: [], quiet: true })
  relayUrl = stand.urls.farcaster!
  h = await startAuthHarness({ farcaster: { relayUrl, rpcUrl: stand.urls.farcasterRpc! } })
}, 60_000)
afterAll(async () => {
  await h?.stop()
  await stand?.stop()
})

const q = '?projectId=app'

/** The device each attempt was started with: only it can finish the attempt. */
const starters = new Map<string, Device>()

async function begin() {
  const device = await newDevice()
  const response = await h.post(`/v1/auth/farcaster/start${q}`, { deviceKey: device.publicKey })
  expect(response.status).toBe(200)
  const started = (await response.json()) as FarcasterStartResponse
  starters.set(started.attemptId, device)
  return started
}

async function poll(attemptId: string): Promise<AuthAttemptStatus> {
  const response = await h.get(`/v1/auth/attempts/${attemptId}${q}`)
  expect(response.status).toBe(200)
  return (await response.json()) as AuthAttemptStatus
}

const connect = async (attemptId: string, device = starters.get(attemptId)!) =>
  h.post(`/v1/auth/farcaster/connect${q}`, { attemptId, proof: await device.connectProof(attemptId) })

describe('farcaster start', () => {
  it('opens a relay channel for the frame and keeps the channel token to itself', async () => {
    const started = await begin()
    expect(started.channelUrl).toMatch(/^farcaster:\/\/connect\?channelToken=[2-9A-HJ-NP-Z]{8}$/)
    const [row] = await h.database.db
      .select()
      .from(authAttempts)
      .where(eq(authAttempts.id, started.attemptId))
    expect(row).toMatchObject({ kind: 'farcaster', step: 'pending', provider: 'farcaster' })
    expect(started.channelUrl).toContain(row!.channelToken!)
    expect(row!.nonce).toMatch(/^[A-Za-z0-9]{8,}$/)
    expect(await poll(started.attemptId)).toMatchObject({
      kind: 'farcaster',
      provider: 'farcaster',
      status: 'pending',
    })
    const early = await connect(started.attemptId)
    expect(early.status).toBe(409)
  })
})

describe('farcaster sign-in', () => {
  it('verifies the custody-signed SIWF message, keys the user by fid and connects once', async () => {
    const started = await begin()
    const signed = await farcasterSignIn({ relayUrl, channel: started.channelUrl, user: 'alice' })
    expect(signed.message).toContain(`${new URL(frameOrigin).host} wants you to sign in`)
    expect(signed.message).toContain('farcaster://fid/20001')
    expect(await poll(started.attemptId)).toMatchObject({ status: 'ready', provider: 'farcaster' })
    const [row] = await h.database.db
      .select()
      .from(authAttempts)
      .where(eq(authAttempts.id, started.attemptId))
    // The nonce is spent and the channel token dropped with the verification.
    expect(row).toMatchObject({ step: 'ready', nonce: null, channelToken: null })

    const connected = (await (await connect(started.attemptId)).json()) as AuthConnected
    expect(connected).toMatchObject({
      action: 'CONNECT',
      // Named by the fid the signature proves, never by the relay's unverified username.
      user: { authProvider: 'farcaster', userName: 'fid:20001' },
    })
    expect(connected.user.email).toBeUndefined()
    const [identity] = await h.database.db
      .select()
      .from(authIdentities)
      .where(eq(authIdentities.userId, connected.user.id))
    expect(identity).toMatchObject({ provider: 'farcaster', subject: '20001' })
    expect((await connect(started.attemptId)).status).toBe(409)
    // Another device cannot finish it either (it is connected; and its key is not the starter's).
    const other = await connect(started.attemptId, await newDevice())
    expect(other.status).toBe(401)

    const me = await h.get(`/v1/auth/me${q}`, { authorization: `Bearer ${connected.tokens.accessToken}` })
    expect(await me.json()).toMatchObject({ id: connected.user.id, authProvider: 'farcaster' })

    // The same fid again is the same user.
    const again = await begin()
    await farcasterSignIn({ relayUrl, channel: again.channelUrl, user: 'alice' })
    await poll(again.attemptId)
    const second = (await (await connect(again.attemptId)).json()) as AuthConnected
    expect(second.user.id).toBe(connected.user.id)
  })

  it('refuses a replayed SIWF message: its nonce belongs to a spent attempt', async () => {
    const first = await begin()
    const signed = await farcasterSignIn({ relayUrl, channel: first.channelUrl, user: 'bob' })
    expect((await poll(first.attemptId)).status).toBe('ready')

    // The same signed message, handed to the relay for a new login.
    const replay = await begin()
    await farcasterSignIn({ relayUrl, channel: replay.channelUrl, user: 'bob', message: signed })
    const status = await poll(replay.attemptId)
    expect(status).toMatchObject({ status: 'failed', error: { code: 'FARCASTER_LOGIN_FAILED' } })
    expect(status.error?.message).toMatch(/Invalid nonce/)
    expect((await connect(replay.attemptId)).status).toBe(409)
  })

  it('refuses a signature by a key that does not hold the fid', async () => {
    const started = await begin()
    await farcasterSignIn({ relayUrl, channel: started.channelUrl, user: 'mallory', fid: 20_001 })
    const status = await poll(started.attemptId)
    expect(status).toMatchObject({ status: 'failed', error: { code: 'FARCASTER_LOGIN_FAILED' } })
    expect(status.error?.message).toMatch(/does not own fid 20001/)
  })

  it('refuses a message signed for another domain', async () => {
    const started = await begin()
    const token = new URL(started.channelUrl).searchParams.get('channelToken')!
    // Another site's sign-in, signed properly, answered on this login's channel.
    const [row] = await h.database.db
      .select()
      .from(authAttempts)
      .where(eq(authAttempts.id, started.attemptId))
    const alice = farcasterUser('alice')
    const account = privateKeyToAccount(alice.custodyKey)
    const built = createWalletClient({
      relay: relayUrl,
      ethereum: viemConnector({ rpcUrl: stand.urls.farcasterRpc! }),
    }).buildSignInMessage({
      address: account.address,
      fid: 20_001,
      uri: 'https://elsewhere.test/',
      domain: 'elsewhere.test',
      nonce: row!.nonce!,
    })
    if (built.isError) throw built.error
    const signature = await account.signMessage({ message: built.message })
    await farcasterSignIn({
      relayUrl,
      channel: token,
      user: alice,
      message: { message: built.message, signature },
    })
    const status = await poll(started.attemptId)
    expect(status).toMatchObject({ status: 'failed' })
    expect(status.error?.message).toMatch(/Invalid domain/)
  })

  it('answers AUTH_NOT_CONFIGURED without a relay', async () => {
    const bare = await startAuthHarness()
    try {
      const device = await newDevice()
      const response = await bare.post(`/v1/auth/farcaster/start${q}`, { deviceKey: device.publicKey })
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({ code: 'AUTH_NOT_CONFIGURED' })
    } finally {
      await bare.stop()
    }
  })
})
