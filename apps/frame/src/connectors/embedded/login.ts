// Email, social and Farcaster login, loaded on first use: the connector with its Worker, the auth steps
// that bind each session to the Worker's device key (CONNECT carries a fresh proof over the attempt),
// and the recovery-password prompt the views answer. A finished login hands its session to the
// connector; connecting it is the caller's (the login actions above this layer), never this module's.
import type { ChainNetwork, FrameSocialProvider } from '@walletframe/protocol'
import { UserRejectedRequestError } from '@walletframe/protocol'
import type { Client } from '../../data/client.js'
import type { EmailStep, EmbeddedLogin, LoginAuth, PasswordPrompt } from '../../lib/embeddedLogin.js'
import { FrameError } from '../../lib/errors.js'
import * as Store from '../../lib/store.js'
import type { Storage } from '../../storage/Storage.js'
import { authApi } from './authApi.js'
import * as Embedded from './Embedded.js'
import * as EmailUpdate from './emailUpdate.js'
import * as Farcaster from './farcaster.js'
import * as SocialLogin from './socialLogin.js'
import { spawnVault } from './spawnVault.js'

/** How often the frame asks the API where a login it cannot see stands (device approval, social popup). */
export const pollMs = 1_000

export declare namespace load {
  type Options = {
    client: Client
    /** FrameStorage.secure. */
    storage: Storage
    sessionOnly: boolean
    /** The host's project and SDK: the social login popup's call to the API names them. */
    projectId(): string | undefined
    sdk(): { type: string; version: string } | undefined
    networks(): readonly ChainNetwork[]
  }
}

/** The embedded wallet for the login: its auth steps, its connector, and what the views read of it. */
export type Loaded = LoginAuth &
  Omit<EmbeddedLogin, 'startEmail' | 'resend' | 'waitForDevice' | 'verify' | 'social' | 'farcaster'> & {
    connector: Embedded.EmbeddedConnector
  }

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    // Cancelled while the last request was in flight: the listener below would never hear of it.
    if (signal.aborted) return reject(signal.reason)
    const timer = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => {
      clearTimeout(timer)
      reject(signal.reason)
    })
  })

export function load(options: load.Options): Loaded {
  const api = authApi(options.client)
  const { vault } = spawnVault()
  const passwordPrompt = Store.create<PasswordPrompt | undefined>(undefined)
  const connector = Embedded.create({
    api,
    vault,
    storage: options.storage,
    networks: options.networks,
    askPassword: (reason) =>
      new Promise<string>((resolve, reject) => {
        passwordPrompt.set({
          reason,
          submit(password) {
            passwordPrompt.set(undefined)
            resolve(password)
          },
          cancel() {
            passwordPrompt.set(undefined)
            reject(new UserRejectedRequestError())
          },
        })
      }),
  })
  const farcaster = Farcaster.create({
    api,
    deviceKey: () => connector.deviceKey(),
    proof: (attemptId) => connector.loginProof(attemptId),
    connected: (answer) => connector.login(answer),
    wait: sleep,
    pollMs,
  })
  const social = SocialLogin.create({
    api,
    deviceKey: () => connector.deviceKey(),
    projectId: options.projectId,
    sdk: options.sdk,
    win: window,
    wait: sleep,
    pollMs,
  })
  /** The server's cooldown from now: none said, none counted (the server refuses an early resend itself). */
  const resendAt = (seconds: number | undefined) => Date.now() + (seconds ?? 0) * 1000
  const step = (
    email: string,
    answer: { attemptId: string; action: EmailStep['action']; resendAfterSeconds: number },
  ): EmailStep => ({
    attemptId: answer.attemptId,
    action: answer.action,
    email,
    resendAt: resendAt(answer.resendAfterSeconds),
  })

  return {
    connector,
    passwordPrompt,
    sessionOnly: options.sessionOnly,
    async startEmail(email) {
      return step(email, await api.emailStart(email, await connector.deviceKey()))
    },
    async resendEmail(current) {
      return step(current.email, await api.emailResend(current.attemptId))
    },
    async waitForDevice(current, signal) {
      for (;;) {
        const status = await api.attempt(current.attemptId)
        if (status.status === 'expired')
          throw new FrameError('AUTH_ATTEMPT_EXPIRED', 'This login took longer than 10 minutes; start again')
        // The code is mailed on approval: its cooldown starts then, as long as the server says.
        if (status.action === 'VERIFY_OTP')
          return { ...current, action: 'VERIFY_OTP', resendAt: resendAt(status.resendAfterSeconds) }
        await sleep(pollMs, signal)
      }
    },
    async verifyEmail(current, otp) {
      connector.login(
        await api.emailVerify(current.attemptId, otp, await connector.loginProof(current.attemptId)),
      )
    },
    async socialLogin(provider: FrameSocialProvider, popup, signal) {
      const attemptId = await social.complete(provider, popup, signal)
      connector.login(await api.socialConnect(attemptId, await connector.loginProof(attemptId)))
    },
    emailUpdate: EmailUpdate.create({
      api,
      session: connector.session,
      socialLogin: (provider, popup, signal) => social.complete(provider, popup, signal),
      farcasterLogin: (signal) => farcaster.reauthenticate(signal),
      farcasterUrl: farcaster.farcasterUrl,
    }),
    farcasterUrl: farcaster.farcasterUrl,
    farcasterLogin: (signal) => farcaster.run(signal),
    reloadFarcaster: () => farcaster.reload(),
    answer(id, approved) {
      if (approved) connector.approveRequest(id)
      else connector.cancelRequest(id)
    },
    preferredAccountType: () => connector.preferredAccountType(),
    setPreferredAccountType: (type) => connector.setPreferredAccountType(type),
    smartAccountAvailable: () => connector.smartAccountAvailable(),
  }
}
