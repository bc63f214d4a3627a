// The stand-in holds clients to what the real providers check: discovery and keys for OIDC, PKCE
// S256, a registered client and secret, a code that works once for its redirect URI and verifier.
import { createHash, randomBytes } from 'node:crypto'
import { createRemoteJWKSet, jwtVerify } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clientId, clientSecret, start } from './Provider.js'

let provider: Awaited<ReturnType<typeof start>>
beforeAll(async () => {
  provider = await start()
})
afterAll(() => provider?.stop())

const redirectUri = 'http://127.0.0.1:9/callback'
const verifier = randomBytes(32).toString('base64url')
const challenge = createHash('sha256').update(verifier).digest('base64url')

/** Authorizes as `user` and answers the code (302 providers only). */
async function code(name: 'google' | 'github', extra: Record<string, string> = {}) {
  const authorize = new URL(
    name === 'google'
      ? `${provider.url}/google/o/oauth2/v2/auth`
      : `${provider.url}/github/login/oauth/authorize`,
  )
  const params = new URLSearchParams({
    client_id: clientId(name),
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: name === 'google' ? 'openid email' : 'read:user',
    state: 'st-1',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    nonce: 'n-1',
    user: 'alice',
    ...extra,
  })
  const response = await fetch(authorize, { method: 'POST', body: params, redirect: 'manual' })
  return new URL(response.headers.get('location')!)
}

const token = (name: 'google' | 'github', body: Record<string, string>) =>
  fetch(
    name === 'google' ? `${provider.url}/google/token` : `${provider.url}/github/login/oauth/access_token`,
    {
      method: 'POST',
      headers: { accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: clientId(name),
        client_secret: clientSecret(name),
        redirect_uri: redirectUri,
        code_verifier: verifier,
        ...body,
      }),
    },
  )

describe('start', () => {
  it('issues an RS256 ID token with the nonce, verifiable against the discovered JWKS', async () => {
    const discovery = (await (
      await fetch(`${provider.url}/google/.well-known/openid-configuration`)
    ).json()) as {
      issuer: string
      jwks_uri: string
    }
    expect(discovery.issuer).toBe(`${provider.url}/google`)
    const back = await code('google')
    expect(back.searchParams.get('state')).toBe('st-1')
    expect(back.searchParams.get('iss')).toBe(discovery.issuer)
    const answer = (await (await token('google', { code: back.searchParams.get('code')! })).json()) as {
      id_token: string
    }
    const { payload } = await jwtVerify(answer.id_token, createRemoteJWKSet(new URL(discovery.jwks_uri)), {
      issuer: discovery.issuer,
      audience: clientId('google'),
    })
    expect(payload).toMatchObject({ nonce: 'n-1', email: 'alice@example.test', email_verified: true })
  })

  it('refuses a wrong PKCE verifier, and a code the second time', async () => {
    const first = (await code('github')).searchParams.get('code')!
    const wrong = await token('github', { code: first, code_verifier: randomBytes(32).toString('base64url') })
    expect(await wrong.json()).toMatchObject({ error: 'invalid_grant' })
    const second = (await code('github')).searchParams.get('code')!
    expect((await token('github', { code: second })).status).toBe(200)
    expect(await (await token('github', { code: second })).json()).toMatchObject({ error: 'invalid_grant' })
  })

  it('sends an authorization request without PKCE back with invalid_request', async () => {
    const back = await code('github', { code_challenge_method: 'plain' })
    expect(back.searchParams.get('error')).toBe('invalid_request')
    expect(back.searchParams.get('code')).toBeNull()
  })

  it('answers Apple logins with a self-posting form only when response_mode=form_post', async () => {
    const base = {
      client_id: clientId('apple'),
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid email name',
      state: 's',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      user: 'bob',
    }
    const posted = await fetch(`${provider.url}/apple/auth/authorize`, {
      method: 'POST',
      body: new URLSearchParams({ ...base, response_mode: 'form_post' }),
    })
    const html = await posted.text()
    expect(html).toContain(`action="${redirectUri}"`)
    expect(html).toMatch(/name="code" value="[\w-]+"/)
  })

  it('refuses unknown clients and redirect URIs that are not loopback', async () => {
    const response = await fetch(
      `${provider.url}/discord/oauth2/authorize?client_id=${clientId('discord')}&redirect_uri=${encodeURIComponent('https://evil.test/cb')}`,
    )
    expect(response.status).toBe(400)
    const client = await token('github', { client_secret: 'wrong', code: 'x' })
    expect(client.status).toBe(401)
  })
})
