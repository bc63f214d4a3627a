import { generateKeyPair, signJWT } from '@walletconnect/relay-auth'
import { describe, expect, it } from 'vitest'
import * as Auth from './auth.js'
import { RelayAuthError } from './errors.js'

const audiences = ['ws://127.0.0.1:4444']
const day = 24 * 60 * 60
const nowSeconds = () => Math.floor(Date.now() / 1000)

async function token(aud = 'ws://127.0.0.1:4444', options: { ttl?: number; iat?: number } = {}) {
  const keyPair = generateKeyPair()
  const jwt = await signJWT('session-id', aud, options.ttl ?? day, keyPair, options.iat)
  return { jwt, keyPair }
}

describe('Auth.verify', () => {
  it('accepts a token signed by the client for this relay and returns its did:key', async () => {
    const { jwt } = await token()
    const { clientId } = await Auth.verify(jwt, { audiences })
    expect(clientId).toMatch(/^did:key:z6Mk/)
  })

  it('accepts any of the configured relay URLs as the audience', async () => {
    const both = [...audiences, 'ws://relay.test:4444']
    await expect(
      Auth.verify((await token('ws://relay.test:4444')).jwt, { audiences: both }),
    ).resolves.toBeDefined()
  })

  it('refuses a token for another relay, or for another name of this one, as the hosted relay does', async () => {
    // The hosted relay compares `aud` as a string: a trailing slash or another name for the
    // same address is another audience (walletconnect-monorepo#3042).
    for (const aud of ['wss://relay.walletconnect.org', 'ws://localhost:4444', 'ws://127.0.0.1:4444/']) {
      const { jwt } = await token(aud)
      await expect(Auth.verify(jwt, { audiences })).rejects.toThrow(
        'Authorization error: JWT validation error: Invalid audience',
      )
    }
  })

  it('refuses an expired token, tolerating two minutes of clock skew', async () => {
    const { jwt } = await token(undefined, { iat: nowSeconds() - day - 60, ttl: day })
    await expect(Auth.verify(jwt, { audiences })).resolves.toBeDefined()
    await expect(Auth.verify(jwt, { audiences, now: nowSeconds() + Auth.leewaySeconds })).rejects.toThrow(
      /JWT validation error: JWT Token is expired: Some\(\d+\)/,
    )
  })

  it('refuses a token issued in the future beyond the clock skew', async () => {
    const { jwt } = await token(undefined, { iat: nowSeconds() + 10 * 60 })
    await expect(Auth.verify(jwt, { audiences })).rejects.toThrow(/JWT Token is not yet valid/)
  })

  it('refuses a token whose signature does not match', async () => {
    const { jwt } = await token()
    const [header, payload, signature] = jwt.split('.')
    const other = (await token()).jwt.split('.')[2]
    expect(other).not.toBe(signature)
    await expect(Auth.verify(`${header}.${payload}.${other}`, { audiences })).rejects.toThrow(
      'JWT validation error: Invalid signature',
    )
  })

  it('refuses a missing or malformed token with a RelayAuthError carrying close code 3000', async () => {
    await expect(Auth.verify(null, { audiences })).rejects.toBeInstanceOf(RelayAuthError)
    await expect(Auth.verify(null, { audiences })).rejects.toThrow('Authorization error: Missing JWT')
    await expect(Auth.verify('not.a.jwt', { audiences })).rejects.toMatchObject({
      code: 3000,
      message: 'Authorization error: JWT validation error: Invalid format',
    })
  })
})
