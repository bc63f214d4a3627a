import type { PasskeyCreationOptions, PasskeyList } from '@walletframe/protocol'
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../data/client.js'
import type { CodeQuestion } from '../../lib/embeddedLogin.js'
import type * as WebAuthn from '../../lib/webauthn.js'
import type { AuthApi } from './authApi.js'
import * as Passkeys from './passkeys.js'
import { purposeSession } from './testing.js'

const options: PasskeyCreationOptions = {
  challenge: 'Y2hhbGxlbmdl',
  rp: { id: 'frame.test', name: 'Walletframe' },
  user: { id: 'dXNlcg', name: 'Wallet user', displayName: 'Walletframe wallet' },
  pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
}
const credential = {
  id: 'Y3JlZGVudGlhbA',
  rawId: 'Y3JlZGVudGlhbA',
  type: 'public-key' as const,
  response: { clientDataJSON: 'e30', attestationObject: 'AA' },
}
const list: PasskeyList = { passkeys: [], otherLogin: true, secondFactor: false }

function setup() {
  const { purposes, session } = purposeSession()
  const api = {
    passkeyList: vi.fn(async () => list),
    passkeyAddStart: vi.fn(async (_token: string, _body: object) => ({
      attemptId: 'attempt-1',
      options,
      expiresAt: '',
    })),
    passkeyAddFinish: vi.fn(async (_token: string, _body: object) => ({
      credentialId: credential.id,
      name: 'Chrome on Linux',
      createdAt: '',
      lastUsedAt: null,
      backedUp: false,
      recovery: false,
    })),
    passkeyRemove: vi.fn(async (_token: string, _body: object) => list),
    passkeyFactorOn: vi.fn(async (_token: string, _body: object) => ({ ...list, secondFactor: true })),
    passkeyFactorOff: vi.fn(async (_token: string, _body: object) => list),
  }
  const output = new Uint8Array(32).fill(1)
  const here: WebAuthn.Ceremony = {
    create: vi.fn(async () => ({ credential, prf: { enabled: true, output } })),
    get: vi.fn(),
  }
  const prfShare = {
    scheme: 'webauthn-prf/hkdf-sha256/aes-256-gcm' as const,
    credentialId: credential.id,
    salt: 'c'.repeat(43),
    iv: 'i'.repeat(16),
    ciphertext: 'x'.repeat(32),
  }
  const sealForPasskey = vi.fn(async () => prfShare)
  const ask = vi.fn(async (_question: CodeQuestion) => '123456')
  const answer = { attemptId: 'attempt-2', credential: { id: credential.id } } as never
  const passkey = {
    available: vi.fn(async () => true),
    appOn: vi.fn(async () => true),
    assert: vi.fn(async () => answer),
  }
  return {
    answer,
    passkey,
    ask,
    purposes,
    api,
    here,
    output,
    prfShare,
    sealForPasskey,
    passkeys: Passkeys.create({
      api: api as unknown as AuthApi,
      session,
      here,
      sealForPasskey,
      ask,
      passkey,
    }),
  }
}

describe('add', () => {
  it('runs the dialog on the API’s options between a start and a finish, each with its own proof', async () => {
    const { passkeys, api, here, purposes, output, prfShare, sealForPasskey } = setup()
    await passkeys.add()
    expect(here.create).toHaveBeenCalledWith(options)
    expect(purposes).toEqual(['passkey-add', 'passkey-add'])
    // The Worker seals the recovery share under the new passkey's output; only that ciphertext goes.
    expect(sealForPasskey).toHaveBeenCalledWith({ credentialId: credential.id, output })
    expect(api.passkeyAddFinish).toHaveBeenCalledWith('token', {
      attemptId: 'attempt-1',
      credential,
      prfShare,
      proof: { timestamp: 2, signature: 'passkey-add' },
    })
    // The passkey's PRF output never goes to the API.
    expect(JSON.stringify(api.passkeyAddFinish.mock.calls)).not.toContain('output')
  })

  it('asks for a fresh code when the API wants one (second factor on), and starts again with it', async () => {
    const { passkeys, api, ask, here } = setup()
    api.passkeyAddStart.mockRejectedValueOnce(
      new ApiError('Enter the code of your authenticator app', {
        status: 403,
        apiCode: 'SECOND_FACTOR_REQUIRED',
      }),
    )
    await passkeys.add()
    expect(ask).toHaveBeenCalledWith({ action: 'login-method', passkey: true })
    expect(api.passkeyAddStart.mock.calls[1]?.[1]).toMatchObject({ code: '123456' })
    expect(here.create).toHaveBeenCalledTimes(1)
  })

  it('adds without a copy when the Worker holds no share (or the passkey has no PRF)', async () => {
    const { passkeys, api, sealForPasskey } = setup()
    sealForPasskey.mockResolvedValueOnce(undefined as never)
    await passkeys.add()
    expect(api.passkeyAddFinish.mock.calls[0]?.[1]).not.toHaveProperty('prfShare')
  })
})

describe('list and remove', () => {
  it('sign each call for its purpose', async () => {
    const { passkeys, api, purposes } = setup()
    await passkeys.list()
    await passkeys.remove('Y3JlZGVudGlhbA')
    expect(purposes).toEqual(['passkey-list', 'passkey-remove'])
    expect(api.passkeyRemove).toHaveBeenCalledWith('token', {
      credentialId: 'Y3JlZGVudGlhbA',
      proof: { timestamp: 2, signature: 'passkey-remove' },
    })
  })

  it('removes only after a fresh code when the API wants one; a declined question removes nothing', async () => {
    const { passkeys, api, ask } = setup()
    const required = () =>
      new ApiError('Enter the code of your authenticator app', {
        status: 403,
        apiCode: 'SECOND_FACTOR_REQUIRED',
      })
    api.passkeyRemove.mockRejectedValueOnce(required())
    await passkeys.remove('Y3JlZGVudGlhbA')
    expect(api.passkeyRemove.mock.calls[1]?.[1]).toMatchObject({
      credentialId: 'Y3JlZGVudGlhbA',
      code: '123456',
    })
    api.passkeyRemove.mockRejectedValueOnce(required())
    ask.mockRejectedValueOnce(new Error('declined'))
    await expect(passkeys.remove('Y3JlZGVudGlhbA')).rejects.toThrow('declined')
    expect(api.passkeyRemove).toHaveBeenCalledTimes(3)
  })
})

describe('setSecondFactor', () => {
  it("turns the passkey factor on with an assertion over a 'login-method' challenge", async () => {
    const { passkeys, api, passkey, answer, purposes } = setup()
    expect(await passkeys.setSecondFactor(true)).toMatchObject({ secondFactor: true })
    expect(passkey.assert).toHaveBeenCalledWith('login-method')
    expect(api.passkeyFactorOn).toHaveBeenCalledWith('token', {
      passkey: answer,
      proof: { timestamp: 1, signature: 'passkey-factor' },
    })
    expect(purposes).toEqual(['passkey-factor'])
  })

  it('turns it off, asking for a fresh factor when the API wants one', async () => {
    const { passkeys, api, ask } = setup()
    api.passkeyFactorOff.mockImplementationOnce(async () => {
      throw new ApiError('Enter the code', { status: 403, apiCode: 'SECOND_FACTOR_REQUIRED' })
    })
    expect(await passkeys.setSecondFactor(false)).toMatchObject({ secondFactor: false })
    expect(ask).toHaveBeenCalledWith({ action: 'login-method', passkey: true })
    expect(api.passkeyFactorOff).toHaveBeenLastCalledWith(
      'token',
      expect.objectContaining({ code: '123456' }),
    )
  })
})
