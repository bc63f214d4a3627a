// The session in the frame: renewed before its access token expires (signed by the device key),
// dropped when the API ends it, and revoked with a fresh token on sign-out. The API is replaced at its
// boundary by a recorder; the signatures are the real Worker's, checked with its public key.
import {
  type AuthConnected,
  type AuthTokens,
  type RefreshRequest,
  refreshSigningInput,
} from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../data/client.js'
import { memory } from '../../storage/Storage.js'
import * as Base64url from '../../worker/internal/base64url.js'
import * as KeyStore from '../../worker/keyStore.js'
import * as Vault from '../../worker/Vault.js'
import * as Session from './session.js'

const start = Date.parse('2026-01-01T00:00:00Z')

function tokens(n: number, now: number): AuthTokens {
  return {
    tokenType: 'Bearer',
    accessToken: `access-${n}`,
    accessTokenExpiresAt: new Date(now + 600_000).toISOString(),
    refreshToken: `refresh-${n}`,
    refreshTokenExpiresAt: new Date(now + 86_400_000).toISOString(),
  }
}

function setup(refreshAnswer?: () => Promise<AuthTokens>) {
  let now = start
  const refreshes: RefreshRequest[] = []
  const revoked: string[] = []
  const vault = Vault.create({ keyStore: KeyStore.memory() })
  const storage = memory()
  const session = Session.create({
    storage,
    signer: vault,
    now: () => now,
    api: {
      async refresh(request) {
        refreshes.push(request)
        return refreshAnswer ? refreshAnswer() : tokens(refreshes.length + 1, now)
      },
      async revoke(accessToken) {
        revoked.push(accessToken)
        return { revoked: true }
      },
    },
  })
  const connected: AuthConnected = {
    action: 'CONNECT',
    user: { id: 'u1', authProvider: 'email', email: 'a@example.test' },
    tokens: tokens(1, start),
  }
  return { session, storage, vault, refreshes, revoked, connected, advance: (ms: number) => (now += ms) }
}

describe('accessToken', () => {
  it('keeps a fresh token, and refreshes one that expires within 30 s with a device-key signature', async () => {
    const t = setup()
    t.session.start(t.connected)
    expect(await t.session.accessToken()).toBe('access-1')
    expect(t.refreshes).toEqual([])
    t.advance(600_000 - Session.refreshMarginMs + 1)
    expect(await t.session.accessToken()).toBe('access-2')
    const [request] = t.refreshes
    const publicKey = await crypto.subtle.importKey(
      'jwk',
      { ...(await t.vault.deviceKey()), ext: true },
      { name: 'ECDSA', namedCurve: 'P-256' },
      false,
      ['verify'],
    )
    const valid = await crypto.subtle.verify(
      { name: 'ECDSA', hash: 'SHA-256' },
      publicKey,
      Base64url.decode(request!.signature),
      new TextEncoder().encode(refreshSigningInput('refresh-1', request!.timestamp)),
    )
    expect(valid).toBe(true)
    // Kept for the next load.
    expect(JSON.parse(t.storage.getItem(Session.storageKey)!).tokens.accessToken).toBe('access-2')
  })

  it('forgets the session when the API refuses the refresh (401)', async () => {
    const t = setup(async () => {
      throw new ApiError('ended', { status: 401 })
    })
    t.session.start(t.connected)
    t.advance(600_000)
    await expect(t.session.accessToken()).rejects.toBeInstanceOf(ApiError)
    expect(t.session.current()).toBeUndefined()
    expect(t.storage.getItem(Session.storageKey)).toBeNull()
  })
})

describe('start', () => {
  it("keeps this device's wallet for the same user, and drops it for another", () => {
    const t = setup()
    t.session.start(t.connected)
    const wallet = {
      addresses: {
        eip155: '0x90F8bf6A479f320ead074411a4B0e7944Ea8c9C1',
        solana: '11111111111111111111111111111111',
      },
      wrappedDeviceShare: 'wrapped',
    }
    t.session.setWallet(wallet)
    t.session.start({ ...t.connected, tokens: tokens(5, start) })
    expect(t.session.current()?.wallet).toEqual(wallet)
    t.session.start({ ...t.connected, user: { id: 'u2', authProvider: 'google' } })
    expect(t.session.current()?.wallet).toBeUndefined()
  })
})

describe('end', () => {
  it('revokes with a fresh access token, then forgets the session', async () => {
    const t = setup()
    t.session.start(t.connected)
    t.advance(600_000)
    await t.session.end()
    expect(t.revoked).toEqual(['access-2'])
    expect(t.session.current()).toBeUndefined()
    expect(t.storage.keys()).toEqual([])
  })
})
