// The email update in the frame: each call carries the session's access token, a start carries the
// device key's proof over it, an account without an address first logs in again with its current
// method (and names that login at the start), the steps name where each code went and when another
// may be sent (the server's word), and DONE records the new address in the session (kept in storage,
// so a reload shows it). The API is replaced at its boundary by answers over the real client.
import {
  type AuthConnected,
  type AuthProvider,
  type AuthTokens,
  walletSigningInput,
} from '@walletframe/protocol'
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../data/client.js'
import * as Store from '../../lib/store.js'
import { memory } from '../../storage/Storage.js'
import { apiAnswering } from '../../testing.js'
import * as Base64url from '../../worker/internal/base64url.js'
import * as KeyStore from '../../worker/keyStore.js'
import * as Vault from '../../worker/Vault.js'
import { authApi } from './authApi.js'
import * as EmailUpdate from './emailUpdate.js'
import * as Session from './session.js'

const now = Date.parse('2026-01-01T00:00:00Z')
const updateId = 'AAAAAAAAAAAAAAAAAAAAAA'

const tokens: AuthTokens = {
  tokenType: 'Bearer',
  accessToken: 'access-1',
  accessTokenExpiresAt: new Date(now + 600_000).toISOString(),
  refreshToken: 'refresh-1',
  refreshTokenExpiresAt: new Date(now + 86_400_000).toISOString(),
}

const json = (status: number, body: unknown) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

/** Whether `signature` is the vault's device key's over `input`. */
async function signedBy(vault: Vault.Vault, input: string, signature: string) {
  const key = await crypto.subtle.importKey(
    'jwk',
    await vault.deviceKey(),
    { name: 'ECDSA', namedCurve: 'P-256' },
    false,
    ['verify'],
  )
  return crypto.subtle.verify(
    { name: 'ECDSA', hash: 'SHA-256' },
    key,
    Base64url.decode(signature),
    new TextEncoder().encode(input),
  )
}

function setup(
  answers: (() => Response)[],
  /** null: an account without an address. */
  email: string | null = 'old@example.test',
  authProvider: AuthProvider = 'email',
) {
  const { client, fetch } = apiAnswering(answers)
  const storage = memory()
  const vault = Vault.create({ keyStore: KeyStore.memory() })
  const session = Session.create({ storage, api: authApi(client), signer: vault, now: () => now })
  const connected: AuthConnected = {
    action: 'CONNECT',
    user: { id: 'u1', authProvider, ...(email ? { email } : {}) },
    tokens,
  }
  session.start(connected)
  const socialLogin = vi.fn(async () => 'reauth-attempt')
  const farcasterLogin = vi.fn(async () => 'farcaster-attempt')
  const update = EmailUpdate.create({
    api: authApi(client),
    session,
    socialLogin,
    farcasterLogin,
    farcasterUrl: Store.create<string | undefined>(undefined),
    ask: async () => {
      throw new Error('no second factor here')
    },
    now: () => now,
  })
  /** Path, Authorization header and body of call `n`. */
  const call = (n: number) => {
    const [url, init] = fetch.mock.calls[n] as [URL, RequestInit]
    return {
      path: url.pathname,
      authorization: (init.headers as Record<string, string>).authorization,
      body: JSON.parse(init.body as string),
    }
  }
  return { update, session, storage, call, vault, socialLogin, farcasterLogin }
}

describe('start', () => {
  it("asks for the new address as the signed-in user, with the device key's proof; the first code went to the current address", async () => {
    const { update, call, vault } = setup([
      json(200, {
        updateId,
        action: 'VERIFY_PRIMARY_OTP',
        expiresAt: new Date(now + 600_000).toISOString(),
        resendAfterSeconds: 12,
      }),
    ])
    expect(update.reauthMethod()).toBeUndefined()
    expect(await update.start(' new@example.test ')).toEqual({
      updateId,
      action: 'VERIFY_PRIMARY_OTP',
      email: 'new@example.test',
      sentTo: 'old@example.test',
      // The server's cooldown, not one of the frame's.
      resendAt: now + 12_000,
    })
    const { body, ...rest } = call(0)
    expect(rest).toEqual({ path: '/v1/auth/email/update', authorization: 'Bearer access-1' })
    expect(body).toEqual({
      email: 'new@example.test',
      proof: { timestamp: now, signature: expect.any(String) },
    })
    expect(
      await signedBy(vault, walletSigningInput('email-update', 'access-1', now), body.proof.signature),
    ).toBe(true)
  })

  it('a fresh proof for each start', async () => {
    const answer = json(200, {
      updateId,
      action: 'VERIFY_PRIMARY_OTP',
      expiresAt: new Date(now).toISOString(),
    })
    const { update, call } = setup([answer, answer])
    await update.start('new@example.test')
    await update.start('new@example.test')
    expect(call(1).body.proof.timestamp).toBeGreaterThan(call(0).body.proof.timestamp)
  })

  it('a user without an address (an X login) confirms with X first; the code goes to the new one at once', async () => {
    const { update, call, socialLogin } = setup(
      [json(200, { updateId, action: 'VERIFY_SECONDARY_OTP', expiresAt: new Date(now).toISOString() })],
      null,
      'x',
    )
    expect(update.reauthMethod()).toBe('x')
    const popup = { postMessage() {} } as never
    const signal = new AbortController().signal
    const reauthAttemptId = await update.confirmSocial(popup, signal)
    expect(socialLogin).toHaveBeenCalledWith('x', popup, signal)
    expect(await update.start('new@example.test', reauthAttemptId)).toMatchObject({
      action: 'VERIFY_SECONDARY_OTP',
      sentTo: 'new@example.test',
      // No cooldown said: none counted.
      resendAt: now,
    })
    expect(call(0).body).toMatchObject({ email: 'new@example.test', reauthAttemptId: 'reauth-attempt' })
  })

  it('a Farcaster user confirms with Farcaster; an account with an address confirms nothing', async () => {
    const farcaster = setup([], null, 'farcaster')
    expect(farcaster.update.reauthMethod()).toBe('farcaster')
    expect(await farcaster.update.confirmFarcaster(new AbortController().signal)).toBe('farcaster-attempt')
    await expect(
      farcaster.update.confirmSocial({} as never, new AbortController().signal),
    ).rejects.toMatchObject({
      code: 'NO_REAUTH_METHOD',
    })
    const google = setup([], 'alice@example.test', 'google')
    expect(google.update.reauthMethod()).toBeUndefined()
    await expect(
      google.update.confirmSocial({} as never, new AbortController().signal),
    ).rejects.toMatchObject({
      code: 'NO_REAUTH_METHOD',
    })
    expect(google.socialLogin).not.toHaveBeenCalled()
  })

  it("gives the API's refusal of an account without an address that did not confirm, in its words", async () => {
    const { update } = setup(
      [
        json(409, {
          error: 'Confirm it is you with the login you use now, then add the address',
          code: 'AUTH_ATTEMPT_STATE',
          field: 'reauthAttemptId',
        }),
      ],
      null,
      'facebook',
    )
    await expect(update.start('new@example.test')).rejects.toThrow(
      'Confirm it is you with the login you use now, then add the address',
    )
  })

  it('gives the API\'s cooldown as "Please try again after {n} seconds"', async () => {
    const { update } = setup([
      json(429, { error: 'Please try again after 12 seconds', code: 'EMAIL_COOLDOWN', field: 'email' }),
    ])
    const failure = update.start('new@example.test')
    await expect(failure).rejects.toBeInstanceOf(ApiError)
    await expect(failure).rejects.toThrow('Please try again after 12 seconds')
  })
})

describe('verify', () => {
  const primary = {
    updateId,
    action: 'VERIFY_PRIMARY_OTP',
    email: 'new@example.test',
    sentTo: 'old@example.test',
    resendAt: 0,
  } as const

  it('the primary code sends the secondary one to the new address', async () => {
    const { update, call, session } = setup([
      json(200, { updateId, action: 'VERIFY_SECONDARY_OTP', expiresAt: new Date(now).toISOString() }),
    ])
    expect(await update.verify(primary, '123456')).toMatchObject({
      action: 'VERIFY_SECONDARY_OTP',
      sentTo: 'new@example.test',
    })
    expect(call(0)).toEqual({
      path: '/v1/auth/email/update/verify',
      authorization: 'Bearer access-1',
      body: { updateId, otp: '123456' },
    })
    expect(session.current()?.user.email).toBe('old@example.test')
  })

  it('DONE: the session keeps the new address, in storage too', async () => {
    const { update, session, storage } = setup([
      json(200, {
        updateId,
        action: 'DONE',
        expiresAt: new Date(now).toISOString(),
        email: 'new@example.test',
      }),
    ])
    const secondary = { ...primary, action: 'VERIFY_SECONDARY_OTP', sentTo: 'new@example.test' } as const
    expect(await update.verify(secondary, '654321')).toEqual({ action: 'DONE', email: 'new@example.test' })
    expect(session.current()?.user.email).toBe('new@example.test')
    expect(update.current()).toBe('new@example.test')
    expect(JSON.parse(storage.getItem(Session.storageKey) as string).user.email).toBe('new@example.test')
  })

  it('a wrong code leaves the step as it was, with the API words', async () => {
    const { update, session } = setup([
      json(400, {
        error: 'The code is not correct; check the latest mail and try again',
        code: 'INVALID_OTP',
        field: 'otp',
      }),
    ])
    await expect(update.verify(primary, '000000')).rejects.toThrow('The code is not correct')
    expect(session.current()?.user.email).toBe('old@example.test')
  })

  it('refuses a step the API should not answer after the secondary code', async () => {
    const { update } = setup([
      json(200, { updateId, action: 'VERIFY_PRIMARY_OTP', expiresAt: new Date(now).toISOString() }),
    ])
    const secondary = { ...primary, action: 'VERIFY_SECONDARY_OTP', sentTo: 'new@example.test' } as const
    await expect(update.verify(secondary, '654321')).rejects.toBeInstanceOf(
      EmailUpdate.UnexpectedUpdateStepError,
    )
  })
})
