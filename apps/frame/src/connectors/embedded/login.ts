// Email, social and Farcaster login, loaded on first use: the connector with its Worker, the login flows that
// bind each session to the Worker's device key, and the recovery-password prompt the views answer.
// A finished login hands its session to the connector and connects through the core's action.
import type { ChainNetwork, FrameSocialProvider } from '@walletframe/protocol'
import { UserRejectedRequestError } from '@walletframe/protocol'
import type { Client } from '../../data/client.js'
import type { EmailStep, EmbeddedLogin, PasswordPrompt } from '../../lib/embeddedLogin.js'
import { FrameError } from '../../lib/errors.js'
import * as Store from '../../lib/store.js'
import type { Storage } from '../../storage/Storage.js'
import { authApi } from './authApi.js'
import * as Embedded from './Embedded.js'
import * as EmailUpdate from './emailUpdate.js'
import * as Farcaster from './farcaster.js'
import { spawnVault } from './spawnVault.js'

/** How often the frame asks the API where a login it cannot see stands (device approval, social popup). */
export const pollMs = 1_000

export class SocialLoginFailedError extends FrameError {
  override name = 'SocialLoginFailedError'
  constructor(message: string) {
    super('SOCIAL_LOGIN_FAILED', message)
  }
}

export declare namespace load {
  type Options = {
    client: Client
    /** FrameStorage.secure. */
    storage: Storage
    sessionOnly: boolean
    networks(): readonly ChainNetwork[]
    /** Connects through the core (state, host events) once a login has its session. */
    connect(connector: Embedded.EmbeddedConnector): Promise<void>
  }
}

export type Loaded = EmbeddedLogin & { connector: Embedded.EmbeddedConnector }

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
    async connected(answer) {
      connector.login(answer)
      await options.connect(connector)
    },
    wait: sleep,
    pollMs,
  })
  const step = (
    email: string,
    answer: { attemptId: string; action: EmailStep['action']; resendAfterSeconds: number },
  ): EmailStep => ({
    attemptId: answer.attemptId,
    action: answer.action,
    email,
    resendAt: Date.now() + answer.resendAfterSeconds * 1000,
  })

  return {
    connector,
    passwordPrompt,
    sessionOnly: options.sessionOnly,
    async startEmail(email) {
      return step(email, await api.emailStart(email, await connector.deviceKey()))
    },
    async resend(current) {
      return step(current.email, await api.emailResend(current.attemptId))
    },
    async waitForDevice(current, signal) {
      for (;;) {
        const status = await api.attempt(current.attemptId)
        if (status.status === 'expired')
          throw new FrameError('AUTH_ATTEMPT_EXPIRED', 'This login took longer than 10 minutes; start again')
        if (status.action === 'VERIFY_OTP')
          return { ...current, action: 'VERIFY_OTP', resendAt: Date.now() + 30_000 }
        await sleep(pollMs, signal)
      }
    },
    async verify(current, otp) {
      connector.login(await api.emailVerify(current.attemptId, otp))
      await options.connect(connector)
    },
    async social(provider: FrameSocialProvider, popup, signal) {
      const started = await api.socialStart(provider, await connector.deviceKey())
      popup.location.replace(started.authorizationUrl)
      for (;;) {
        const status = await api.attempt(started.attemptId)
        if (status.status === 'ready') break
        if (status.status === 'failed')
          throw new SocialLoginFailedError(status.error?.message ?? `The ${provider} login did not complete`)
        if (status.status === 'expired')
          throw new SocialLoginFailedError('This login took longer than 10 minutes; start again')
        if (status.status === 'connected')
          throw new SocialLoginFailedError('This login was used already; start again')
        // A popup that reads as closed is no sign the user gave up: a Cross-Origin-Opener-Policy on any
        // page of the chain (providers' sign-in pages send one) cuts it off from this frame, and its
        // handle then reads as closed while the user is still signing in there. The wait ends with
        // the attempt (ready, failed, expired) or with the view that started it (the signal).
        await sleep(pollMs, signal)
      }
      connector.login(await api.socialConnect(started.attemptId))
      await options.connect(connector)
    },
    emailUpdate: EmailUpdate.create({ api, session: connector.session }),
    farcasterUrl: farcaster.farcasterUrl,
    farcaster: (signal) => farcaster.run(signal),
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
