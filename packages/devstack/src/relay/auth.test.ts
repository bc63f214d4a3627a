import { generateKeyPair, signJWT } from '@walletconnect/relay-auth'
import { describe, expect, it } from 'vitest'
import * as Auth from './auth.js'
import { RelayAuthError } from './errors.js'

const hosts = ['127.0.0.1:4444', 'localhost:4444']
const day = 24 * 60 * 60

async function token(aud = 'ws://127.0.0.1:4444', options: { ttl?: number; iat?: number } = {}) {
  const keyPair = generateKeyPair()
  const jwt = await signJWT('session-id', aud, options.ttl ?? day, keyPair, options.iat)
  return { jwt, keyPair }
}

describe('Auth.verify', () => {
  it('accepts a token signed by the client for this relay and returns its did:key', async () => {
    const { jwt } = await token()
    const { clientId } = await Auth.verify(jwt, { hosts })
    expect(clientId).toMatch(/^did:key:z6Mk/)
  })

  it('accepts the relay URL as the SDK writes it, with or without a trailing slash', async () => {
    await expect(Auth.verify((await token('ws://localhost:4444/')).jwt, { hosts })).resolves.toBeDefined()
  })

  it('rejects a token for another relay', async () => {
    const { jwt } = await token('wss://relay.walletconnect.org')
    await expect(Auth.verify(jwt, { hosts })).rejects.toThrow(/audience/)
  })

  it('rejects an expired token', async () => {
    const { jwt } = await token(undefined, { iat: Math.floor(Date.now() / 1000) - 2 * day })
    await expect(Auth.verify(jwt, { hosts })).rejects.toThrow(/expired/)
  })

  it('rejects a token whose signature does not match', async () => {
    const { jwt } = await token()
    const [header, payload, signature] = jwt.split('.')
    const other = (await token()).jwt.split('.')[2]
    expect(other).not.toBe(signature)
    await expect(Auth.verify(`${header}.${payload}.${other}`, { hosts })).rejects.toThrow(/signature/)
  })

  it('rejects a missing or malformed token with a RelayAuthError', async () => {
    await expect(Auth.verify(null, { hosts })).rejects.toBeInstanceOf(RelayAuthError)
    await expect(Auth.verify('not.a.jwt', { hosts })).rejects.toMatchObject({ code: 'RELAY_AUTH_INVALID' })
  })
})
