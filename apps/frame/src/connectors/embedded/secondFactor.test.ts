// Passing the second factor as the wallet opens: the user is asked until the API takes a code, a
// refused code is asked again with the API's words, and a lock ends it; every call carries a fresh
// proof made for it.
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../data/client.js'
import * as SecondFactor from './secondFactor.js'

const verified = { enabled: true, verified: true, recoveryCodesLeft: 10, sendThreshold: null }

function deps(answers: Array<() => Promise<typeof verified>>) {
  const calls: Array<{ code: string; purpose: string; token: string }> = []
  let proofs = 0
  const purposes: string[] = []
  return {
    calls,
    purposes,
    api: {
      totpVerify: async (accessToken: string, code: string, proof: { timestamp: number }) => {
        calls.push({ code, purpose: purposes[proof.timestamp]!, token: accessToken })
        return answers.shift()!()
      },
      totpStatus: async () => verified,
      totpStart: async () => ({ secret: 'A'.repeat(32), uri: 'otpauth://totp/x' }),
      totpConfirm: async () => ({ recoveryCodes: [] }),
      totpDisable: async () => verified,
    },
    session: {
      async proof(purpose: string) {
        purposes.push(purpose)
        return { accessToken: 'token', proof: { timestamp: proofs++, signature: 's' } }
      },
    },
  }
}

const refused =
  (apiCode: string, status = 400) =>
  async (): Promise<typeof verified> => {
    throw new ApiError(`refused: ${apiCode}`, { status, apiCode })
  }

describe('pass', () => {
  it('asks again with the API’s words until a code is taken', async () => {
    const d = deps([refused('TOTP_INVALID'), async () => verified])
    const questions: Array<{ error?: string }> = []
    const codes = ['111111', '222222']
    await SecondFactor.pass({
      ...(d as unknown as SecondFactor.pass.Options),
      ask: async (question) => {
        questions.push(question)
        return codes.shift()!
      },
    })
    expect(questions).toEqual([{}, { error: 'refused: TOTP_INVALID' }])
    expect(d.calls).toEqual([
      { code: '111111', purpose: 'totp-verify', token: 'token' },
      { code: '222222', purpose: 'totp-verify', token: 'token' },
    ])
  })

  it('ends with the API’s error when the factor is locked', async () => {
    const d = deps([refused('TOTP_LOCKED', 429)])
    await expect(
      SecondFactor.pass({ ...(d as unknown as SecondFactor.pass.Options), ask: async () => '111111' }),
    ).rejects.toMatchObject({ apiCode: 'TOTP_LOCKED' })
  })

  it('ends when the user declines', async () => {
    const d = deps([])
    const declined = new Error('declined')
    await expect(
      SecondFactor.pass({
        ...(d as unknown as SecondFactor.pass.Options),
        ask: () => Promise.reject(declined),
      }),
    ).rejects.toBe(declined)
    expect(d.calls).toEqual([])
  })
})

describe('pass with a passkey as the only factor', () => {
  it('asks for the passkey alone (no code field) and sends its assertion over an open challenge', async () => {
    const d = deps([])
    const verifiedWith: unknown[] = []
    const asserted: string[] = []
    const questions: unknown[] = []
    const answer = { attemptId: 'attempt-open', credential: { id: 'c' } } as never
    await SecondFactor.pass({
      ...(d as unknown as SecondFactor.pass.Options),
      api: {
        ...(d.api as unknown as SecondFactor.pass.Options['api']),
        factorPasskeyVerify: async (_token, body) => {
          verifiedWith.push(body.passkey)
          return verified
        },
      },
      ask: async (question) => {
        questions.push(question)
        return 'passkey'
      },
      passkey: {
        available: async () => true,
        appOn: async () => false,
        assert: async (action) => {
          asserted.push(action)
          return answer
        },
      },
    })
    expect(questions).toEqual([{ passkey: true, passkeyOnly: true }])
    expect(asserted).toEqual(['open'])
    expect(verifiedWith).toEqual([answer])
    // No code was sent: the app is not on.
    expect(d.calls).toEqual([])
    expect(d.purposes).toContain('factor-verify')
  })

  it('offers the passkey beside the code where the app is on too', async () => {
    const d = deps([async () => verified])
    const questions: unknown[] = []
    await SecondFactor.pass({
      ...(d as unknown as SecondFactor.pass.Options),
      ask: async (question) => {
        questions.push(question)
        return '123456'
      },
      passkey: { available: async () => true, appOn: async () => true, assert: async () => ({}) as never },
    })
    expect(questions).toEqual([{ passkey: true }])
    expect(d.calls).toMatchObject([{ code: '123456', purpose: 'totp-verify' }])
  })
})

describe('required', () => {
  it('recognises the API holding the shares back for the factor, and nothing else', () => {
    expect(SecondFactor.required(new ApiError('x', { status: 403, apiCode: 'SECOND_FACTOR_REQUIRED' }))).toBe(
      true,
    )
    expect(SecondFactor.required(new ApiError('x', { status: 403, apiCode: 'ORIGIN_NOT_ALLOWED' }))).toBe(
      false,
    )
    expect(SecondFactor.required(new Error('x'))).toBe(false)
  })
})

describe('withFreshCode', () => {
  const required = new ApiError('Enter the code', { status: 403, apiCode: 'SECOND_FACTOR_REQUIRED' })
  const assertion = { attemptId: 'attempt', credential: { id: 'cred' } } as never

  /** A call the API guards: refused without a factor, then it answers what it was given. */
  function guarded() {
    const given: Array<SecondFactor.Fresh | undefined> = []
    return {
      given,
      call: async (fresh?: SecondFactor.Fresh) => {
        given.push(fresh)
        if (!fresh) throw required
        return 'done'
      },
    }
  }

  it('offers the passkey where the user has one, and sends its assertion instead of a code', async () => {
    const { given, call } = guarded()
    const questions: unknown[] = []
    const asserted: string[] = []
    const answer = await SecondFactor.withFreshCode(
      async (question) => {
        questions.push(question)
        return 'passkey'
      },
      'export',
      call,
      {
        available: async () => true,
        appOn: async () => true,
        assert: async (action) => {
          asserted.push(action)
          return assertion
        },
      },
    )
    expect(answer).toBe('done')
    expect(questions).toEqual([{ action: 'export', passkey: true }])
    expect(asserted).toEqual(['export'])
    expect(given).toEqual([undefined, { passkey: assertion }])
  })

  it('asks again with the dialog’s words when the passkey fails, and takes a code then', async () => {
    const { given, call } = guarded()
    const questions: unknown[] = []
    const answers = ['passkey', '123456']
    await SecondFactor.withFreshCode(
      async (question) => {
        questions.push(question)
        return answers.shift()!
      },
      'login-method',
      call,
      {
        available: async () => true,
        appOn: async () => true,
        assert: async () => {
          throw new Error('The passkey dialog was closed')
        },
      },
    )
    expect(questions).toEqual([
      { action: 'login-method', passkey: true },
      { action: 'login-method', passkey: true, error: 'The passkey dialog was closed' },
    ])
    expect(given).toEqual([undefined, { code: '123456' }])
  })

  it('asks again when the API refuses the passkey', async () => {
    let tries = 0
    const questions: unknown[] = []
    const answer = await SecondFactor.withFreshCode(
      async (question) => {
        questions.push(question)
        return 'passkey'
      },
      'export',
      async (fresh) => {
        if (!fresh) throw required
        if (tries++ === 0)
          throw new ApiError('The passkey could not be verified', {
            status: 401,
            apiCode: 'PASSKEY_REJECTED',
          })
        return 'done'
      },
      { available: async () => true, appOn: async () => true, assert: async () => assertion },
    )
    expect(answer).toBe('done')
    expect(questions).toHaveLength(2)
  })

  it('does not offer a passkey the user does not have, and reads the word as a code then', async () => {
    const { given, call } = guarded()
    const questions: unknown[] = []
    await SecondFactor.withFreshCode(
      async (question) => {
        questions.push(question)
        return 'passkey'
      },
      'export',
      call,
      {
        available: async () => false,
        appOn: async () => true,
        assert: async () => {
          throw new Error('not asked')
        },
      },
    )
    expect(questions).toEqual([{ action: 'export' }])
    expect(given).toEqual([undefined, { code: 'passkey' }])
  })
})
