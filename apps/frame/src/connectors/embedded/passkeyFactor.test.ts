// The passkey as a fresh factor in the frame: offered only where the user has one, and its assertion
// made over the API's challenge for the action, each call with a proof made for it.
import type { DeviceProof, PasskeyAssertion, PasskeyList } from '@walletframe/protocol'
import { describe, expect, it, vi } from 'vitest'
import * as PasskeyFactor from './passkeyFactor.js'
import { purposeSession } from './testing.js'

const assertion: PasskeyAssertion = {
  id: 'Y3JlZGVudGlhbA',
  rawId: 'Y3JlZGVudGlhbA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
}
const summary = {
  credentialId: 'Y3JlZGVudGlhbA',
  name: null,
  createdAt: '2026-11-27T00:00:00.000Z',
  lastUsedAt: null,
  backedUp: false,
  recovery: false,
}

function setup(list: PasskeyList) {
  const { purposes, session } = purposeSession()
  const api = {
    passkeyList: vi.fn(async () => list),
    totpStatus: vi.fn(async () => ({
      enabled: false,
      verified: false,
      recoveryCodesLeft: 0,
      sendThreshold: null,
    })),
    factorPasskeyOpen: vi.fn(async (_token: string, _body: { proof: DeviceProof }) => ({
      attemptId: 'attempt-open',
      options: { challenge: 'b3Blbg' },
      expiresAt: '2026-11-27T00:05:00.000Z',
    })),
    factorPasskey: vi.fn(async (_token: string, _body: { action: string; proof: DeviceProof }) => ({
      attemptId: 'attempt-1',
      options: {
        challenge: 'Y2hhbGxlbmdl',
        allowCredentials: [{ id: summary.credentialId, type: 'public-key' as const }],
      },
      expiresAt: '2026-11-27T00:05:00.000Z',
    })),
  }
  const get = vi.fn(async () => ({ credential: assertion, prf: { enabled: false } }))
  const factor = PasskeyFactor.create({ api, session, here: { get, create: vi.fn() } })
  return { factor, api, get, purposes }
}

describe('available', () => {
  it('says whether the user has a passkey', async () => {
    expect(
      await setup({ passkeys: [summary], otherLogin: true, secondFactor: false }).factor.available(),
    ).toBe(true)
    expect(await setup({ passkeys: [], otherLogin: true, secondFactor: false }).factor.available()).toBe(
      false,
    )
  })
})

describe('assert', () => {
  it("runs the dialog over the API's challenge for the action and answers the attempt with its assertion", async () => {
    const { factor, api, get, purposes } = setup({
      passkeys: [summary],
      otherLogin: true,
      secondFactor: false,
    })
    expect(await factor.assert('export')).toEqual({ attemptId: 'attempt-1', credential: assertion })
    expect(api.factorPasskey).toHaveBeenCalledWith('token', {
      action: 'export',
      proof: { timestamp: 1, signature: 'factor-passkey' },
    })
    expect(get).toHaveBeenCalledWith(expect.objectContaining({ challenge: 'Y2hhbGxlbmdl' }))
    expect(purposes).toEqual(['factor-passkey'])
  })
})
