// The signed-in user's email update at the API (VERIFY_PRIMARY_OTP, then VERIFY_SECONDARY_OTP): the
// current mailbox agrees with a code, then the new one proves itself with a second. Changing a login
// method takes fresh proof of the factors the user has: every start carries the session device key's
// proof, and an account without an address (X, Facebook, Farcaster, an unverified provider address)
// first logs in again with its current method — the finished login, not connected, goes with the
// start — so a stolen access token alone cannot add the thief's mailbox.
// Once the API links the new address, the session records it, so the host's state (and a reload)
// shows it; the wallet and its address stay as they are.
import { type EmailUpdateResponse, FrameSocialProvider } from '@walletframe/protocol'
import type { EmailUpdate, EmailUpdateStep, ReauthMethod } from '../../lib/emailUpdate.js'
import { FrameError } from '../../lib/errors.js'
import type { MessagingPopup } from '../../lib/popup.js'
import type { ReadableStore } from '../../lib/store.js'
import type { AuthApi } from './authApi.js'
import * as SecondFactor from './secondFactor.js'
import type { Session } from './session.js'

export class UnexpectedUpdateStepError extends FrameError {
  override name = 'UnexpectedUpdateStepError'
  constructor(action: string) {
    super('UNEXPECTED_UPDATE_STEP', `The email update answered ${action} out of order; start again`)
  }
}

export class NoReauthMethodError extends FrameError {
  override name = 'NoReauthMethodError'
  constructor(method: string) {
    super('NO_REAUTH_METHOD', `This account cannot confirm it is you with ${method} here; sign in again`)
  }
}

export declare namespace create {
  /** The re-logins, waited on above this layer (the login actions in core/). */
  type Reauth = {
    /** A social login in `popup`, run until its attempt is ready (not connected); answers its id. */
    socialLogin(provider: FrameSocialProvider, popup: MessagingPopup, signal: AbortSignal): Promise<string>
    /** The same with Farcaster (its channel on farcasterUrl). */
    farcasterLogin(signal: AbortSignal): Promise<string>
    farcasterUrl: ReadableStore<string | undefined>
  }
  type Options = Reauth & {
    api: Pick<AuthApi, 'emailUpdate' | 'emailUpdateVerify'>
    session: Pick<Session, 'current' | 'accessToken' | 'proof' | 'setEmail'>
    /** The user's fresh code, which a new address takes when they have a second factor. */
    ask: SecondFactor.Ask
    /** The user's passkey, offered beside the code. */
    passkey?: SecondFactor.PasskeyFactor
    now?: () => number
  }
}

export function create(options: create.Options): EmailUpdate {
  const { api, session } = options
  const now = options.now ?? Date.now
  const current = () => session.current()?.user.email

  function reauthMethod(): ReauthMethod | undefined {
    const user = session.current()?.user
    if (!user || user.email) return undefined
    if (user.authProvider === 'farcaster') return 'farcaster'
    const social = FrameSocialProvider.safeParse(user.authProvider)
    return social.success ? social.data : undefined
  }

  /** The step the API's answer names; the primary code went to the address linked now. */
  function step(email: string, answer: EmailUpdateResponse): EmailUpdateStep {
    if (answer.action === 'DONE') throw new UnexpectedUpdateStepError(answer.action)
    const primary = answer.action === 'VERIFY_PRIMARY_OTP'
    return {
      updateId: answer.updateId,
      action: answer.action,
      email,
      sentTo: primary ? (current() ?? email) : email,
      // The server's cooldown: no answer of it, no wait here (the server refuses early resends itself).
      resendAt: now() + (answer.resendAfterSeconds ?? 0) * 1000,
    }
  }

  return {
    current,
    reauthMethod,
    async confirmSocial(popup, signal) {
      const method = reauthMethod()
      if (!method || method === 'farcaster') throw new NoReauthMethodError(method ?? 'a social login')
      return options.socialLogin(method, popup, signal)
    },
    async confirmFarcaster(signal) {
      const method = reauthMethod()
      if (method !== 'farcaster') throw new NoReauthMethodError('Farcaster')
      return options.farcasterLogin(signal)
    },
    farcasterUrl: options.farcasterUrl,
    async start(email, reauthAttemptId) {
      const wanted = email.trim()
      const answer = await SecondFactor.withFreshCode(
        options.ask,
        'login-method',
        async (fresh) => {
          const { accessToken, proof } = await session.proof('email-update')
          return api.emailUpdate(accessToken, {
            email: wanted,
            proof,
            ...(reauthAttemptId ? { reauthAttemptId } : {}),
            ...fresh,
          })
        },
        options.passkey,
      )
      return step(wanted, answer)
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
