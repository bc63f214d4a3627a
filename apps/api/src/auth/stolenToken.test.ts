// What a stolen access token can do, for every login method: read who the user is, and nothing that
// touches the wallet or the way in. No key share, no new login method, no session of its own: each of
// those takes the device key, which never leaves the frame. The README's "how keys are held" table
// states these lines; this file proves them.
import {
  farcasterService,
  farcasterSignIn,
  oauthProviderNames,
  startOAuthProvider,
} from '@walletframe/devstack'
import type {
  AuthConnected,
  EmailUpdateResponse,
  FarcasterStartResponse,
  FrameSocialProvider,
} from '@walletframe/protocol'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AuthHarness, type Device, exampleWallet, newDevice, startAuthHarness } from './testing.js'

let h: AuthHarness
let provider: Awaited<ReturnType<typeof startOAuthProvider>>
let stand: Awaited<ReturnType<typeof farcasterService.start>>
beforeAll(async () => {
  provider = await startOAuthProvider()
  stand = await farcasterService.start({ networks: [], quiet: true })
  h = await startAuthHarness({
    social: provider.settings,
    farcaster: { relayUrl: stand.urls.farcaster!, rpcUrl: stand.urls.farcasterRpc! },
  })
}, 60_000)
afterAll(async () => {
  await h?.stop()
  await provider?.stop()
  await stand?.stop()
})

const q = '?projectId=app'
let counter = 0

type LoggedIn = { device: Device; connected: AuthConnected; reauth: () => Promise<string> }

/** A Farcaster login as `user`, up to `ready`; connected unless `connect` is false. */
async function farcaster(user: string, device: Device, connect: boolean) {
  const start = await h.post(`/v1/auth/farcaster/start${q}`, { deviceKey: device.publicKey })
  const started = (await start.json()) as FarcasterStartResponse
  await farcasterSignIn({ relayUrl: stand.urls.farcaster!, channel: started.channelUrl, user })
  const status = await (await h.get(`/v1/auth/attempts/${started.attemptId}${q}`)).json()
  expect(status).toMatchObject({ status: 'ready' })
  if (!connect) return { attemptId: started.attemptId }
  const response = await h.post(`/v1/auth/farcaster/connect${q}`, {
    attemptId: started.attemptId,
    proof: await device.connectProof(started.attemptId),
  })
  return { attemptId: started.attemptId, connected: (await response.json()) as AuthConnected }
}

/** Logs in with `method` as a user of its own, and says how that user logs in again. */
async function loginWith(method: 'email' | 'farcaster' | FrameSocialProvider): Promise<LoggedIn> {
  const device = await newDevice()
  if (method === 'email') {
    const { connected } = await h.login(`stolen${++counter}-${Date.now()}@example.test`, device)
    return { device, connected, reauth: async () => '' }
  }
  if (method === 'farcaster') {
    const { connected } = await farcaster('bob', device, true)
    return {
      device,
      connected: connected!,
      reauth: async () => (await farcaster('bob', device, false)).attemptId,
    }
  }
  // 'bob' has no verified address at any provider: the users that have no mailbox to confirm with.
  const { connected } = await h.socialLogin(method, 'bob', device)
  const reauth = async () => {
    const begun = await h.socialStart(method, device)
    const back = await h.socialPopup(begun.started.authorizationUrl, 'bob')
    expect((await h.socialComplete(begun.started.attemptId, back, begun.binding)).status).toBe(200)
    return begun.started.attemptId
  }
  return { device, connected, reauth }
}

async function createWallet({ device, connected }: LoggedIn) {
  const token = connected.tokens.accessToken
  const response = await h.post(
    `/v1/auth/wallet/create${q}`,
    {
      ...exampleWallet,
      proof: await device.callProof('create', token),
    },
    { authorization: `Bearer ${token}` },
  )
  // The same user again (a provider account logged in before) has its wallet already.
  expect([200, 409]).toContain(response.status)
}

const methods = ['email', 'farcaster', ...oauthProviderNames] as const

describe.each(methods)('a stolen access token of a %s login', (method) => {
  it('gets no key share, adds no email and opens no session; the user’s own device can', async () => {
    const victim = await loginWith(method)
    await createWallet(victim)
    const token = victim.connected.tokens.accessToken
    const bearer = { authorization: `Bearer ${token}` }
    const thief = await newDevice()

    // Who the user is: the one thing the token alone answers.
    expect((await h.get(`/v1/auth/me${q}`, bearer)).status).toBe(200)
    // No key share: the call takes the device key's proof.
    const shares = await h.post(
      `/v1/auth/wallet/shares${q}`,
      { proof: await thief.callProof('shares', token), recovery: true },
      bearer,
    )
    expect(shares.status).toBe(401)
    expect(await shares.json()).toMatchObject({ code: 'DEVICE_PROOF_REJECTED' })
    // No email of the thief's linked (which would let them log in by email from their own device).
    h.passCooldown()
    const theirs = `thief${++counter}@example.test`
    const update = await h.post(
      `/v1/auth/email/update${q}`,
      { email: theirs, proof: await thief.callProof('email-update', token) },
      bearer,
    )
    expect(update.status).toBe(401)
    expect(h.mail.mailsTo(theirs)).toHaveLength(0)
    // No session: a refresh takes the refresh token and the device key.
    const refresh = await h.post(
      `/v1/auth/session/refresh${q}`,
      await thief.signRefresh(victim.connected.tokens.refreshToken),
    )
    expect(refresh.status).toBe(401)

    // The user's own device, with the key: the shares, and (after confirming again) a new address.
    const own = await h.post(
      `/v1/auth/wallet/shares${q}`,
      { proof: await victim.device.callProof('shares', token) },
      bearer,
    )
    expect(await own.json()).toMatchObject({ exists: true })
    if (method === 'email') return
    // Without an address, the device key alone is not enough either: the current login is asked again.
    h.passCooldown()
    const unconfirmed = await h.post(
      `/v1/auth/email/update${q}`,
      { email: `own${++counter}@example.test`, proof: await victim.device.callProof('email-update', token) },
      bearer,
    )
    expect(unconfirmed.status).toBe(409)
    expect(await unconfirmed.json()).toMatchObject({ field: 'reauthAttemptId' })
    h.passCooldown()
    const confirmed = await h.post(
      `/v1/auth/email/update${q}`,
      {
        email: `own${++counter}@example.test`,
        proof: await victim.device.callProof('email-update', token),
        reauthAttemptId: await victim.reauth(),
      },
      bearer,
    )
    expect(confirmed.status).toBe(200)
    expect(((await confirmed.json()) as EmailUpdateResponse).action).toBe('VERIFY_SECONDARY_OTP')
  })
})

describe('confirming again before adding an address', () => {
  it('takes only a login of the same user, from the same device, once', async () => {
    const victim = await loginWith('x')
    const token = victim.connected.tokens.accessToken
    const bearer = { authorization: `Bearer ${token}` }
    const updateWith = async (reauthAttemptId: string) => {
      h.passCooldown()
      return h.post(
        `/v1/auth/email/update${q}`,
        {
          email: `confirm${++counter}@example.test`,
          proof: await victim.device.callProof('email-update', token),
          reauthAttemptId,
        },
        bearer,
      )
    }
    // Another person's finished login does not vouch for this user.
    const other = await h.socialStart('x')
    const back = await h.socialPopup(other.started.authorizationUrl, 'alice')
    await h.socialComplete(other.started.attemptId, back, other.binding)
    expect((await updateWith(other.started.attemptId)).status).toBe(409)
    // The user's own login, made on another device (the thief's), does not either.
    const elsewhere = await h.socialStart('x')
    const elsewhereBack = await h.socialPopup(elsewhere.started.authorizationUrl, 'bob')
    await h.socialComplete(elsewhere.started.attemptId, elsewhereBack, elsewhere.binding)
    expect((await updateWith(elsewhere.started.attemptId)).status).toBe(409)
    // Their own, here: once.
    const attemptId = await victim.reauth()
    expect((await updateWith(attemptId)).status).toBe(200)
    expect((await updateWith(attemptId)).status).toBe(409)
  })

  it('is not spent by an update the cooldown refuses', async () => {
    const victim = await loginWith('github')
    const token = victim.connected.tokens.accessToken
    const bearer = { authorization: `Bearer ${token}` }
    const address = `paced${++counter}@example.test`
    const updateWith = async (reauthAttemptId: string) =>
      h.post(
        `/v1/auth/email/update${q}`,
        { email: address, proof: await victim.device.callProof('email-update', token), reauthAttemptId },
        bearer,
      )
    h.passCooldown()
    expect((await updateWith(await victim.reauth())).status).toBe(200)
    const next = await victim.reauth()
    const paced = await updateWith(next)
    expect(paced.status).toBe(429)
    h.passCooldown()
    expect((await updateWith(next)).status).toBe(200)
  })
})
