// Tests' callers of the wallet and second-factor routes, as the frame calls them: a signed-in device
// with its access token, each call Bearer plus the device key's proof over its purpose; a user with a
// wallet stored; a user with an authenticator app turned on, and the app's codes.
import type { PassSpend, TotpStartResponse, WalletProofPurpose } from '@walletframe/protocol'
import { Secret, TOTP } from 'otpauth'
import { expect } from 'vitest'
import { type AuthHarness, type Device, exampleWallet } from './testing.js'

export const q = '?projectId=app'

/** What a signature on the harness's network moves, as the frame's Worker would claim it for a send pass. */
export const spend = (claims: Partial<PassSpend>): PassSpend => ({
  chain: 'eip155:1',
  digest: `0x${'ab'.repeat(32)}`,
  native: '0',
  tokens: [],
  unknown: false,
  ...claims,
})

/** A signed-in device and its session's access token. */
export type Caller = { device: Device; token: string }

/** POST `path` (under /v1/auth) as the frame makes it: Bearer, and the device key's proof over `purpose`. */
export async function call(
  h: AuthHarness,
  path: string,
  who: Caller,
  purpose: WalletProofPurpose,
  body: object = {},
  timestamp?: number,
): Promise<Response> {
  return h.post(
    `/v1/auth/${path}${q}`,
    { proof: await who.device.callProof(purpose, who.token, timestamp), ...body },
    { authorization: `Bearer ${who.token}` },
  )
}

/** A user logged in by email who stored `exampleWallet`. */
export async function userWithWallet(h: AuthHarness): Promise<Caller & { email: string; userId: string }> {
  const { email, device, connected } = await h.login()
  const who = { device, token: connected.tokens.accessToken }
  expect((await call(h, 'wallet/create', who, 'create', exampleWallet)).status).toBe(200)
  return { ...who, email, userId: connected.user.id }
}

/** The app's code at `offsetSteps` steps from now (the API takes one step either side). */
export function codeOf(secret: string, offsetSteps = 0): string {
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) })
  return totp.generate({ timestamp: Date.now() + offsetSteps * 30_000 })
}

/** A code that is surely wrong now (none of the three steps the API accepts gives it). */
export function wrongCode(secret: string): string {
  const accepted = new Set([-1, 0, 1].map((step) => codeOf(secret, step)))
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0')
    if (!accepted.has(code)) return code
  }
}

/** A user with a wallet and the factor on: its secret, its recovery codes, and the code its confirm spent (this step). */
export async function enrolled(h: AuthHarness) {
  const who = await userWithWallet(h)
  const started = (await (await call(h, 'totp/start', who, 'totp-start')).json()) as TotpStartResponse
  const confirmed = await call(h, 'totp/confirm', who, 'totp-confirm', { code: codeOf(started.secret) })
  expect(confirmed.status).toBe(200)
  const { recoveryCodes } = (await confirmed.json()) as { recoveryCodes: string[] }
  return { ...who, secret: started.secret, recoveryCodes }
}

/**
 * The same user logging in again (a new session of the same device, which skips the device approval a
 * new one would need): a session that has not passed the factor.
 */
export async function sameDeviceAgain(
  h: AuthHarness,
  who: { email: string; device: Device },
): Promise<Caller> {
  h.passCooldown()
  const { device, connected } = await h.login(who.email, who.device)
  return { device, token: connected.tokens.accessToken }
}
