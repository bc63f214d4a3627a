// The frame page's part of an export by passkey: a fresh challenge for 'export' per touch, the touch's
// assertion sent to the API for the pass, and the touched passkey's copy of the recovery share.
import type { PrfRecoveryShare, WalletShares } from '@walletframe/protocol'
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../data/client.js'
import type { AuthApi } from './authApi.js'
import * as ExportPasskey from './exportPasskey.js'
import { purposeSession } from './testing.js'

const credential = {
  id: 'Y3JlZGVudGlhbC1pZC0wMDAx',
  rawId: 'Y3JlZGVudGlhbC1pZC0wMDAx',
  type: 'public-key' as const,
  response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA' },
}
const prfShare = { credentialId: credential.id } as PrfRecoveryShare
const wallet = (copy: boolean): WalletShares => ({
  exists: true,
  addresses: {
    eip155: '0x0000000000000000000000000000000000000001',
    solana: '11111111111111111111111111111111',
  },
  authShare: 'auth-share',
  ...(copy ? { prfShare } : {}),
})

function setup(options: { copy?: boolean; factorPass?: AuthApi['factorPass'] } = {}) {
  const { session, purposes } = purposeSession()
  let n = 0
  const api = {
    factorPasskey: vi.fn(async () => ({
      attemptId: `attempt-${++n}`,
      options: { challenge: `challenge-${n}` },
      expiresAt: new Date().toISOString(),
    })),
    factorPass: vi.fn(options.factorPass ?? (async () => ({ pass: 'the-pass' }))),
  }
  const shares = vi.fn(async (_: string) => wallet(options.copy ?? true))
  return { api, purposes, shares, line: ExportPasskey.create({ api, session, shares }) }
}

describe('create', () => {
  it('answers a touch over its challenge with the pass and the touched passkey’s copy', async () => {
    const { api, purposes, shares, line } = setup()
    expect(await line.options()).toEqual({ challenge: 'challenge-1' })
    expect(await line.confirm(credential)).toEqual({
      ok: true,
      pass: 'the-pass',
      authShare: 'auth-share',
      prfShare,
    })
    expect(api.factorPasskey).toHaveBeenCalledWith('token', { action: 'export', proof: expect.anything() })
    expect(api.factorPass).toHaveBeenCalledWith('token', {
      action: 'export',
      passkey: { attemptId: 'attempt-1', credential },
      proof: expect.anything(),
    })
    expect(shares).toHaveBeenCalledExactlyOnceWith(credential.id)
    expect(purposes).toEqual(['factor-passkey', 'factor-pass'])
  })

  it('answers one touch per challenge: a second one (a replay) is refused before the API is asked', async () => {
    const { api, line } = setup()
    await line.options()
    await line.confirm(credential)
    expect(await line.confirm(credential)).toEqual({
      ok: false,
      code: 'EXPORT_CHALLENGE_MISSING',
      message: 'This touch answered no challenge of this window; try again',
    })
    expect(api.factorPass).toHaveBeenCalledTimes(1)
  })

  it('carries the API’s refusal and a passkey with no copy back as codes', async () => {
    const rejected = setup({
      factorPass: async () => {
        throw new ApiError('The passkey could not be verified', { status: 401, apiCode: 'PASSKEY_REJECTED' })
      },
    })
    await rejected.line.options()
    expect(await rejected.line.confirm(credential)).toMatchObject({ ok: false, code: 'PASSKEY_REJECTED' })
    expect(rejected.shares).not.toHaveBeenCalled()
    const bare = setup({ copy: false })
    await bare.line.options()
    expect(await bare.line.confirm(credential)).toMatchObject({ ok: false, code: 'PASSKEY_PRF_MISSING' })
  })
})
