// The embedded wallet's second factor (TOTP): managing it from the Account view, and passing it as the
// wallet opens. The API holds back the auth share (403 SECOND_FACTOR_REQUIRED) from a session that has
// not given a code; `pass` asks the user for one until the API takes it, then the shares come.

import { ApiError } from '../../data/client.js'
import type { SecondFactor } from '../../lib/embeddedLogin.js'
import type { AuthApi } from './authApi.js'
import type { Session } from './session.js'

type Deps = {
  api: Pick<AuthApi, 'totpStatus' | 'totpStart' | 'totpConfirm' | 'totpVerify' | 'totpDisable'>
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
  }
}

/** Whether the API held something back for want of the second factor. */
export function required(error: unknown): boolean {
  return error instanceof ApiError && error.apiCode === 'SECOND_FACTOR_REQUIRED'
}

export declare namespace pass {
  type Options = Deps & {
    /** Asks the user for a code; `error` is why the last one was refused. Rejects (4001) when they decline. */
    ask(question: { error?: string }): Promise<string>
  }
}

/**
 * Asks for codes until the API takes one for this session. A wrong or used code is asked again with
 * the API's words; any other failure (the factor locked after five wrong codes, no answer) ends it.
 */
export async function pass(options: pass.Options): Promise<void> {
  let error: string | undefined
  for (;;) {
    const code = await options.ask(error === undefined ? {} : { error })
    const { accessToken, proof } = await options.session.proof('totp-verify')
    try {
      await options.api.totpVerify(accessToken, code, proof)
      return
    } catch (failure) {
      const retry =
        failure instanceof ApiError &&
        (failure.apiCode === 'TOTP_INVALID' || failure.apiCode === 'INVALID_REQUEST')
      if (!retry) throw failure
      error = failure.message
    }
  }
}
