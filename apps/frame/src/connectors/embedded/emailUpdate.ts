// The signed-in user's email update at the API (SPEC §4: VERIFY_PRIMARY_OTP, then
// VERIFY_SECONDARY_OTP): the current mailbox agrees with a code, then the new one proves itself with a
// second. Once the API links the new address, the session records it, so the host's state (and a
// reload) shows it; the wallet and its address stay as they are.
import type { EmailUpdateResponse } from '@walletframe/protocol'
import type { EmailUpdate, EmailUpdateStep } from '../../lib/emailUpdate.js'
import { FrameError } from '../../lib/errors.js'
import type { AuthApi } from './authApi.js'
import type { Session } from './session.js'

/** SPEC §9: one code per address per 30 s; the API enforces it, the view counts it down. */
export const cooldownMs = 30_000

export class UnexpectedUpdateStepError extends FrameError {
  override name = 'UnexpectedUpdateStepError'
  constructor(action: string) {
    super('UNEXPECTED_UPDATE_STEP', `The email update answered ${action} out of order; start again`)
  }
}

export declare namespace create {
  type Options = {
    api: Pick<AuthApi, 'emailUpdate' | 'emailUpdateVerify'>
    session: Pick<Session, 'current' | 'accessToken' | 'setEmail'>
    now?: () => number
  }
}

export function create(options: create.Options): EmailUpdate {
  const { api, session } = options
  const now = options.now ?? Date.now
  const current = () => session.current()?.user.email

  /** The step the API's answer names; the primary code went to the address linked now. */
  function step(email: string, answer: EmailUpdateResponse): EmailUpdateStep {
    if (answer.action === 'DONE') throw new UnexpectedUpdateStepError(answer.action)
    const primary = answer.action === 'VERIFY_PRIMARY_OTP'
    return {
      updateId: answer.updateId,
      action: answer.action,
      email,
      sentTo: primary ? (current() ?? email) : email,
      resendAt: now() + cooldownMs,
    }
  }

  return {
    current,
    async start(email) {
      const wanted = email.trim()
      return step(wanted, await api.emailUpdate(await session.accessToken(), wanted))
    },
    async verify(previous, otp) {
      const answer = await api.emailUpdateVerify(await session.accessToken(), previous.updateId, otp)
      if (answer.action !== 'DONE') {
        if (previous.action === 'VERIFY_SECONDARY_OTP') throw new UnexpectedUpdateStepError(answer.action)
        return step(previous.email, answer)
      }
      const email = answer.email ?? previous.email
      session.setEmail(email)
      return { action: 'DONE', email }
    },
  }
}
