// Sessions over HTTP: refresh signed by the device key rotates the token; a used token presented again
// ends the session (unless it is the same device refreshing twice at once, within a short grace);
// another key's signature, a stale timestamp and sign-out are refused as they must be.
import type { AuthTokens } from '@walletframe/protocol'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authRefreshTokens } from '../db/schema.js'
import { digest } from './secrets.js'
import { type AuthHarness, newDevice, startAuthHarness } from './testing.js'

let h: AuthHarness
beforeAll(async () => {
  h = await startAuthHarness()
})
afterAll(() => h?.stop())

const q = '?projectId=app'

const refresh = (body: unknown) => h.post(`/v1/auth/session/refresh${q}`, body)
const me = (token: string) => h.get(`/v1/auth/me${q}`, { authorization: `Bearer ${token}` })

describe('session refresh', () => {
  it('rotates the refresh token when the device key signs; the access token works', async () => {
    const { device, connected } = await h.login()
    const response = await refresh(await device.signRefresh(connected.tokens.refreshToken))
    expect(response.status).toBe(200)
    const next = (await response.json()) as AuthTokens
    expect(next.refreshToken).not.toBe(connected.tokens.refreshToken)
    expect(next.refreshTokenExpiresAt).toBe(connected.tokens.refreshTokenExpiresAt)
    expect((await me(next.accessToken)).status).toBe(200)
    // Stored as digests only.
    const rows = await h.database.db.select().from(authRefreshTokens)
    expect(JSON.stringify(rows)).not.toContain(next.refreshToken)
  })

  it('revokes the session when a used refresh token comes back after the grace', async () => {
    const { device, connected } = await h.login()
    const next = (await (
      await refresh(await device.signRefresh(connected.tokens.refreshToken))
    ).json()) as AuthTokens
    // Its first use, moved back past the 20 s grace.
    await h.database.db
      .update(authRefreshTokens)
      .set({ usedAt: new Date(Date.now() - 60_000) })
      .where(eq(authRefreshTokens.tokenHash, digest(connected.tokens.refreshToken)))
    const replay = await refresh(await device.signRefresh(connected.tokens.refreshToken))
    expect(replay.status).toBe(401)
    expect(await replay.json()).toMatchObject({ code: 'REFRESH_REJECTED' })
    // The whole family ends: the newest token and the live access token too.
    expect((await refresh(await device.signRefresh(next.refreshToken))).status).toBe(401)
    expect((await me(next.accessToken)).status).toBe(401)
  })

  it('answers two concurrent refreshes of one token by its device: the session goes on', async () => {
    const { device, connected } = await h.login()
    const [a, b] = await Promise.all([
      refresh(await device.signRefresh(connected.tokens.refreshToken)),
      refresh(await device.signRefresh(connected.tokens.refreshToken, Date.now() + 1)),
    ])
    expect([a.status, b.status]).toEqual([200, 200])
    const tokens = [(await a.json()) as AuthTokens, (await b.json()) as AuthTokens]
    for (const next of tokens) {
      expect((await me(next.accessToken)).status).toBe(200)
      expect((await refresh(await device.signRefresh(next.refreshToken))).status).toBe(200)
    }
    // A thief replaying the used token without the device key gets nothing and ends nothing.
    const thief = await newDevice()
    expect((await refresh(await thief.signRefresh(connected.tokens.refreshToken))).status).toBe(401)
    expect((await me(tokens[0]!.accessToken)).status).toBe(200)
  })

  it("refuses another key's signature and a stale timestamp, without ending the session", async () => {
    const { device, connected } = await h.login()
    const thief = await newDevice()
    const forged = await refresh(await thief.signRefresh(connected.tokens.refreshToken))
    expect(forged.status).toBe(401)
    expect((await forged.json()) as { error: string }).toMatchObject({ code: 'REFRESH_REJECTED' })
    const stale = await refresh(
      await device.signRefresh(connected.tokens.refreshToken, Date.now() - 10 * 60_000),
    )
    expect(stale.status).toBe(401)
    expect((await refresh(await device.signRefresh(connected.tokens.refreshToken))).status).toBe(200)
  })
})

describe('session revoke', () => {
  it('signs out: the access and refresh tokens stop working', async () => {
    const { device, connected } = await h.login()
    const bearer = { authorization: `Bearer ${connected.tokens.accessToken}` }
    const out = await h.post(`/v1/auth/session/revoke${q}`, {}, bearer)
    expect(await out.json()).toEqual({ revoked: true })
    expect((await me(connected.tokens.accessToken)).status).toBe(401)
    expect((await refresh(await device.signRefresh(connected.tokens.refreshToken))).status).toBe(401)
  })

  it('refuses a forged access token', async () => {
    const { connected } = await h.login()
    const [header, payload] = connected.tokens.accessToken.split('.')
    const forged = `${header}.${payload}.${'A'.repeat(43)}`
    expect((await me(forged)).status).toBe(401)
    expect((await h.get(`/v1/auth/me${q}`)).status).toBe(401)
  })
})
