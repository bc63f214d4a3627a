// The embedded wallet's second factor (TOTP): managing it from the Account view, passing it as the
// wallet opens, and a fresh code for each sensitive action. The API holds back the auth share (403
// SECOND_FACTOR_REQUIRED) from a session that has not given a code; `pass` asks the user for one until
// the API takes it, then the shares come. `freshPass` gets the API's signed pass the Worker requires
// for an export, a recovery kit or a large send; `withFreshCode` gives the code to a call the API
// itself guards (a change of how the user logs in). Where the user has a passkey, the question offers
// it instead of a code for these actions (passkeyFactor.ts runs its ceremony).

import type {
  FactorPasskey,
  FactorPasskeyPurpose,
  FactorPassRequest,
  SensitiveAction,
} from '@walletframe/protocol'
import { ApiError } from '../../data/client.js'
import { type CodeQuestion, passkeyAnswer, type SecondFactor } from '../../lib/embeddedLogin.js'
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

/** A fresh factor as a guarded call takes it: a code, or a passkey's assertion. */
export type Fresh = { code?: string; passkey?: FactorPasskey }

/** The user's passkey as a fresh factor (passkeyFactor.ts). */
export type PasskeyFactor = {
  /** Whether the user has a passkey: the question offers it then. */
  available(): Promise<boolean>
  /** Whether the user has the authenticator app on: without it the question shows no code field. */
  appOn(): Promise<boolean>
  /** A challenge of the API for `action` (or 'open', the wallet's opening), the browser's dialog, and its assertion. */
  assert(action: FactorPasskeyPurpose): Promise<FactorPasskey>
}

/** API refusals the user can answer by trying again: a wrong or used code, a passkey that did not verify. */
const retryable = new Set([
  'TOTP_INVALID',
  'INVALID_REQUEST',
  'PASSKEY_REJECTED',
  'AUTH_ATTEMPT_STATE',
  'AUTH_ATTEMPT_EXPIRED',
])

/**
 * Asks for codes until `attempt` takes one; where the user has a passkey (and the question is for an
 * action), the question offers it, and picking it runs the passkey's ceremony instead. A wrong or used
 * code, a refused passkey or a dismissed dialog is asked again with its words; any other failure (the
 * factor locked after five wrong codes, no answer) ends it.
 */
async function withCode<T>(
  ask: Ask,
  question: Omit<CodeQuestion, 'error' | 'passkey' | 'passkeyOnly'>,
  attempt: (fresh: Fresh) => Promise<T>,
  passkey?: PasskeyFactor,
): Promise<T> {
  const action: FactorPasskeyPurpose = question.action ?? 'open'
  const offered = passkey ? await passkey.available().catch(() => false) : false
  // A user whose only factor is the passkey is asked for it alone: no code field they could not fill.
  const passkeyOnly = offered && passkey ? !(await passkey.appOn().catch(() => true)) : false
  const asked: Omit<CodeQuestion, 'error'> = offered
    ? { ...question, passkey: true, ...(passkeyOnly ? { passkeyOnly: true } : {}) }
    : question
  let error: string | undefined
  for (;;) {
    const answer = await ask(error === undefined ? asked : { ...asked, error })
    let fresh: Fresh
    if (offered && passkey && answer === passkeyAnswer) {
      try {
        fresh = { passkey: await passkey.assert(action) }
      } catch (failure) {
        // The dialog dismissed, no passkey here, too many challenges: the user may try again, or give a code.
        error = failure instanceof Error ? failure.message : String(failure)
        continue
      }
    } else fresh = { code: answer }
    try {
      return await attempt(fresh)
    } catch (failure) {
      if (!(failure instanceof ApiError && retryable.has(failure.apiCode ?? ''))) throw failure
      error = failure.message
    }
  }
}

export declare namespace pass {
  type Options = {
    api: Pick<AuthApi, 'totpVerify' | 'factorPasskeyVerify'>
    session: Pick<Session, 'proof'>
    ask: Ask
    /** The user's passkey, offered beside the code (alone, when it is their only factor). */
    passkey?: PasskeyFactor
  }
}

/** Asks for a code or the passkey until the API takes one for this session (see withCode). */
export async function pass(options: pass.Options): Promise<void> {
  await withCode(
    options.ask,
    {},
    async ({ code = '', passkey }) => {
      if (passkey) {
        const { accessToken, proof } = await options.session.proof('factor-verify')
        await options.api.factorPasskeyVerify(accessToken, { passkey, proof })
        return
      }
      const { accessToken, proof } = await options.session.proof('totp-verify')
      await options.api.totpVerify(accessToken, code, proof)
    },
    options.passkey,
  )
}

export declare namespace freshPass {
  type Options = {
    api: Pick<AuthApi, 'factorPass'>
    session: Pick<Session, 'proof'>
    ask: Ask
    /** The user's passkey, offered beside the code. */
    passkey?: PasskeyFactor
  }
}

/**
 * A pass for one sensitive action, which the Worker requires: at once when the user has no factor,
 * else after a fresh code or passkey (asked until the API takes one, see withCode).
 */
export async function freshPass(
  options: freshPass.Options,
  request: Pick<FactorPassRequest, 'action' | 'send'>,
): Promise<string> {
  return withFreshCode(
    options.ask,
    request.action,
    async (fresh) => {
      const { accessToken, proof } = await options.session.proof('factor-pass')
      return (await options.api.factorPass(accessToken, { ...request, ...fresh, proof })).pass
    },
    options.passkey,
  )
}

/**
 * Runs `call` without a factor; when the API answers that `action` needs a fresh one (the user has a
 * factor), asks for codes (or the passkey, where the user has one) until the API takes one (see withCode).
 */
export async function withFreshCode<T>(
  ask: Ask,
  action: SensitiveAction,
  call: (fresh?: Fresh) => Promise<T>,
  passkey?: PasskeyFactor,
): Promise<T> {
  try {
    return await call()
  } catch (error) {
    if (!required(error)) throw error
  }
  return withCode(ask, { action }, call, passkey)
}
