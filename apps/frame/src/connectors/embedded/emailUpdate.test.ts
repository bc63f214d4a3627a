// The email update in the frame: each call carries the session's access token, the steps name where
// each code went, and DONE records the new address in the session (kept in storage, so a reload shows
// it). The API is replaced at its boundary by answers over the real client.
import type { AuthConnected, AuthTokens } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../data/client.js'
import { memory } from '../../storage/Storage.js'
import { apiAnswering } from '../../testing.js'
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

function setup(answers: (() => Response)[], email: string | undefined = 'old@example.test') {
  const { client, fetch } = apiAnswering(answers)
  const storage = memory()
  const session = Session.create({
    storage,
    api: authApi(client),
    signer: Vault.create({ keyStore: KeyStore.memory() }),
    now: () => now,
  })
  const connected: AuthConnected = {
    action: 'CONNECT',
    user: { id: 'u1', authProvider: 'email', ...(email ? { email } : {}) },
    tokens,
  }
  session.start(connected)
  const update = EmailUpdate.create({ api: authApi(client), session, now: () => now })
  /** Path, Authorization header and body of call `n`. */
  const call = (n: number) => {
    const [url, init] = fetch.mock.calls[n] as [URL, RequestInit]
    return {
      path: url.pathname,
      authorization: (init.headers as Record<string, string>).authorization,
      body: JSON.parse(init.body as string),
    }
  }
  return { update, session, storage, call }
}

describe('start', () => {
  it('asks for the new address as the signed-in user; the first code went to the current address', async () => {
    const { update, call } = setup([
      json(200, { updateId, action: 'VERIFY_PRIMARY_OTP', expiresAt: new Date(now + 600_000).toISOString() }),
    ])
    expect(await update.start(' new@example.test ')).toEqual({
      updateId,
      action: 'VERIFY_PRIMARY_OTP',
      email: 'new@example.test',
      sentTo: 'old@example.test',
      resendAt: now + EmailUpdate.cooldownMs,
    })
    expect(call(0)).toEqual({
      path: '/v1/auth/email/update',
      authorization: 'Bearer access-1',
      body: { email: 'new@example.test' },
    })
  })

  it('a user without an address (an X login) gets the code at the new one at once', async () => {
    const { update } = setup(
      [json(200, { updateId, action: 'VERIFY_SECONDARY_OTP', expiresAt: new Date(now).toISOString() })],
      undefined,
    )
    expect(await update.start('new@example.test')).toMatchObject({
      action: 'VERIFY_SECONDARY_OTP',
      sentTo: 'new@example.test',
    })
  })

  it("gives the API's cooldown in the spec's words", async () => {
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
