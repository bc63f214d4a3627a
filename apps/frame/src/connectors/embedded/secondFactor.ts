// The embedded wallet's second factor (TOTP): managing it from the Account view, passing it as the
// wallet opens, and a fresh code for each sensitive action. The API holds back the auth share (403
// SECOND_FACTOR_REQUIRED) from a session that has not given a code; `pass` asks the user for one until
// the API takes it, then the shares come. `freshPass` gets the API's signed pass the Worker requires
// for an export, a recovery kit or a large send; `withFreshCode` gives the code to a call the API
// itself guards (a change of how the user logs in).

import type { FactorPassRequest, SensitiveAction } from '@walletframe/protocol'
import { ApiError } from '../../data/client.js'
import type { CodeQuestion, SecondFactor } from '../../lib/embeddedLogin.js'
import type { AuthApi } from './authApi.js'
import type { Session } from './session.js'

type Deps = {
  api: Pick<
    AuthApi,
    'totpStatus' | 'totpStart' | 'totpConfirm' | 'totpVerify' | 'totpDisable' | 'totpThreshold'
  >
  session: Pick<Session, 'proof'>
}

/** The user's factor, each call with a fresh proof of the device key. */
export function create({ api, session }: Deps): SecondFactor {
  return {
    async status() {
      const { accessToken, proof } = await session.proof('totp-status')
      return api.totpStatus(accessToken, proof)
    },
    async start() {
      const { accessToken, proof } = await session.proof('totp-start')
      return api.totpStart(accessToken, proof)
    },
    async confirm(code) {
      const { accessToken, proof } = await session.proof('totp-confirm')
      return api.totpConfirm(accessToken, code, proof)
    },
    async disable(code) {
      const { accessToken, proof } = await session.proof('totp-disable')
      return api.totpDisable(accessToken, code, proof)
    },
    async setThreshold(sendThreshold, code) {
      const { accessToken, proof } = await session.proof('totp-threshold')
      return api.totpThreshold(accessToken, { sendThreshold, code, proof })
    },
  }
}

/** Whether the API held something back for want of the second factor. */
export function required(error: unknown): boolean {
  return error instanceof ApiError && error.apiCode === 'SECOND_FACTOR_REQUIRED'
}

/** Asks the user for a code; `error` is why the last one was refused. Rejects (4001) when they decline. */
export type Ask = (question: CodeQuestion) => Promise<string>

/**
 * Asks for codes until `attempt` takes one. A wrong or used code is asked again with the API's words;
 * any other failure (the factor locked after five wrong codes, no answer) ends it.
 */
async function withCode<T>(
  ask: Ask,
  question: Omit<CodeQuestion, 'error'>,
  attempt: (code: string) => Promise<T>,
): Promise<T> {
  let error: string | undefined
  for (;;) {
    const code = await ask(error === undefined ? question : { ...question, error })
    try {
      return await attempt(code)
    } catch (failure) {
      const retry =
        failure instanceof ApiError &&
        (failure.apiCode === 'TOTP_INVALID' || failure.apiCode === 'INVALID_REQUEST')
      if (!retry) throw failure
      error = failure.message
    }
  }
}

export declare namespace pass {
  type Options = Deps & { ask: Ask }
}

/** Asks for codes until the API takes one for this session (see withCode). */
export async function pass(options: pass.Options): Promise<void> {
  await withCode(options.ask, {}, async (code) => {
    const { accessToken, proof } = await options.session.proof('totp-verify')
    await options.api.totpVerify(accessToken, code, proof)
  })
}

export declare namespace freshPass {
  type Options = {
    api: Pick<AuthApi, 'factorPass'>
    session: Pick<Session, 'proof'>
    ask: Ask
  }
}

/**
 * A pass for one sensitive action, which the Worker requires: at once when the user has no factor,
 * else after a fresh code (asked until the API takes one, see withCode).
 */
export async function freshPass(
  options: freshPass.Options,
  request: Pick<FactorPassRequest, 'action' | 'send'>,
): Promise<string> {
  return withFreshCode(options.ask, request.action, async (code) => {
    const { accessToken, proof } = await options.session.proof('factor-pass')
    return (await options.api.factorPass(accessToken, { ...request, ...(code ? { code } : {}), proof })).pass
  })
}

/**
 * Runs `call` without a code; when the API answers that `action` needs a fresh one (the user has a
 * factor), asks for codes until the API takes one (see withCode).
 */
export async function withFreshCode<T>(
  ask: Ask,
  action: SensitiveAction,
  call: (code?: string) => Promise<T>,
): Promise<T> {
  try {
    return await call()
  } catch (error) {
    if (!required(error)) throw error
  }
  return withCode(ask, { action }, call)
}
