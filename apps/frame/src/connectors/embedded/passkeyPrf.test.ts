import type { PasskeyRequestOptions } from '@walletframe/protocol'
import { describe, expect, it, vi } from 'vitest'
import type * as WebAuthn from '../../lib/webauthn.js'
import * as PasskeyPrf from './passkeyPrf.js'
import { purposeSession } from './testing.js'

const options = { rp: { id: 'frame.test', name: 'Walletframe' }, timeout: 60_000 }
const output = new Uint8Array(32).fill(3)
const asserted = (id: string, prf: WebAuthn.Prf): WebAuthn.Asserted => ({
  credential: {
    id,
    rawId: id,
    type: 'public-key',
    response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
  },
  prf,
})

describe('completed', () => {
  it('keeps the output creation gave, with no second touch', async () => {
    const get = vi.fn()
    expect(await PasskeyPrf.completed({ get }, options, 'Y3JlZA', { enabled: true, output })).toEqual({
      enabled: true,
      output,
    })
    expect(get).not.toHaveBeenCalled()
  })

  it('asks nothing of a passkey without PRF', async () => {
    const get = vi.fn()
    expect(await PasskeyPrf.completed({ get }, options, 'Y3JlZA', { enabled: false })).toEqual({
      enabled: false,
    })
    expect(get).not.toHaveBeenCalled()
  })

  it('reads the output by one assertion of that very passkey when creation gave none', async () => {
    const get = vi.fn(async (_: PasskeyRequestOptions) => asserted('Y3JlZA', { enabled: true, output }))
    expect(await PasskeyPrf.completed({ get }, options, 'Y3JlZA', { enabled: true })).toEqual({
      enabled: true,
      output,
    })
    expect(get.mock.calls[0]?.[0]).toMatchObject({
      rpId: 'frame.test',
      allowCredentials: [{ id: 'Y3JlZA', type: 'public-key' }],
      userVerification: 'required',
    })
  })

  it('takes no output from another passkey, nor from a declined assertion', async () => {
    const other = vi.fn(async () => asserted('b3RoZXI', { enabled: true, output }))
    expect(await PasskeyPrf.completed({ get: other }, options, 'Y3JlZA', { enabled: true })).toEqual({
      enabled: true,
    })
    const declined = vi.fn(async () => {
      throw new Error('NotAllowedError')
    })
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(await PasskeyPrf.completed({ get: declined }, options, 'Y3JlZA', { enabled: true })).toEqual({
      enabled: true,
    })
    expect(error).toHaveBeenCalled()
    error.mockRestore()
  })
})

describe('touch', () => {
  const started = {
    attemptId: 'attempt-1',
    options: { challenge: 'Y2hhbGxlbmdl' } as PasskeyRequestOptions,
    expiresAt: '2026-11-27T00:05:00.000Z',
  }

  it('asserts over the API’s challenge for the action and hands back the assertion and the PRF output apart', async () => {
    const { purposes, session } = purposeSession()
    const factorPasskey = vi.fn(async () => started)
    const get = vi.fn(async () => asserted('Y3JlZA', { enabled: true, output }))
    const touched = await PasskeyPrf.touch({ api: { factorPasskey }, session, here: { get } }, 'recovery-kit')
    expect(factorPasskey).toHaveBeenCalledWith('token', expect.objectContaining({ action: 'recovery-kit' }))
    expect(get).toHaveBeenCalledWith(started.options)
    expect(purposes).toEqual(['factor-passkey'])
    expect(touched.answer.attemptId).toBe('attempt-1')
    expect(touched.prf).toEqual({ credentialId: 'Y3JlZA', output })
    // The PRF output is never part of what goes to the API.
    expect(JSON.stringify(touched.answer)).not.toContain(Buffer.from(output).toString('base64url'))
  })

  it('refuses a passkey that evaluates no PRF: it cannot open the recovery share', async () => {
    const { session } = purposeSession()
    const get = vi.fn(async () => asserted('Y3JlZA', { enabled: false }))
    await expect(
      PasskeyPrf.touch(
        { api: { factorPasskey: async () => started }, session, here: { get } },
        'login-method',
      ),
    ).rejects.toBeInstanceOf(PasskeyPrf.PasskeyPrfMissingError)
  })
})
