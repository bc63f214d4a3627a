// Email, social, Farcaster and passkey login, loaded on first use: the connector with its Worker and the auth
// steps that bind each session to the Worker's device key (CONNECT carries a fresh proof over the
// attempt). Each step is one call at the API: the waits between them (a device approval, a popup's
// login, the Farcaster app), the recovery password the wallet asks for and connecting the wallet are
// the caller's (the login actions above this layer), never this module's.
import type { AuthConnected, ChainNetwork, DeviceProof } from '@walletframe/protocol'
import type { Client } from '../../data/client.js'
import type { EmailUpdate } from '../../lib/emailUpdate.js'
import type { EmailStep, EmbeddedLogin, LoginAuth } from '../../lib/embeddedLogin.js'
import { FrameError } from '../../lib/errors.js'
import * as PasskeyWindow from '../../lib/passkeyWindow.js'
import * as WebAuthn from '../../lib/webauthn.js'
import type { Storage } from '../../storage/Storage.js'
import { authApi } from './authApi.js'
import * as Embedded from './Embedded.js'
import * as EmailUpdateFlow from './emailUpdate.js'
import * as Farcaster from './farcaster.js'
import * as PasskeyPrf from './passkeyPrf.js'
import * as SocialLogin from './socialLogin.js'
import { spawnVault } from './spawnVault.js'

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
    /** The host page's origin, which a smart-session grant is bound to. */
    origin(): string | undefined
    /** Asks the user for the recovery password as the wallet opens (see Embedded.create). */
    askPassword: Embedded.create.Options['askPassword']
    /** Asks the user for the second factor's code as the wallet opens (see Embedded.create). */
    askCode: NonNullable<Embedded.create.Options['askCode']>
  }
}

/** The embedded wallet for the login: its auth steps, its connector, and what the views read of it. */
export type Loaded = LoginAuth &
  Pick<
    EmbeddedLogin,
    | 'sessionOnly'
    | 'answer'
    | 'block'
    | 'preferredAccountType'
    | 'setPreferredAccountType'
    | 'smartAccountAvailable'
    | 'secondFactor'
    | 'passkeys'
    | 'showRecoveryPhrase'
  > & {
    connector: Embedded.EmbeddedConnector
    /** The signed-in user's email update, whose re-logins wait as `reauth` has them wait. */
    emailUpdate(reauth: EmailUpdateFlow.create.Reauth): EmailUpdate
  }

export function load(options: load.Options): Loaded {
  const api = authApi(options.client)
  const { vault } = spawnVault()
  const connector = Embedded.create({
    api,
    vault,
    storage: options.storage,
    networks: options.networks,
    origin: options.origin,
    askPassword: options.askPassword,
    askCode: options.askCode,
    dataApi: options.client,
  })
  const social = SocialLogin.create({
    api,
    deviceKey: () => connector.deviceKey(),
    projectId: options.projectId,
    sdk: options.sdk,
    win: window,
  })
  /** CONNECT for a ready attempt, with a fresh proof of this device's key: the session opens in the wallet. */
  const connect = async (
    attemptId: string,
    call: (attemptId: string, proof: DeviceProof) => Promise<AuthConnected>,
    passkey?: Embedded.PasskeyPrfResult,
  ) => connector.login(await call(attemptId, await connector.loginProof(attemptId)), passkey)
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
    sessionOnly: options.sessionOnly,
    secondFactor: connector.secondFactor,
    passkeys: connector.passkeys,
    async startEmail(email) {
      return step(email, await api.emailStart(email, await connector.deviceKey()))
    },
    async resendEmail(current) {
      return step(current.email, await api.emailResend(current.attemptId))
    },
    async deviceApproval(current, signal) {
      const status = await api.attempt(current.attemptId, signal)
      if (status.status === 'expired')
        throw new FrameError('AUTH_ATTEMPT_EXPIRED', 'This login took longer than 10 minutes; start again')
      // The code is mailed on approval: its cooldown starts then, as long as the server says.
      return status.action === 'VERIFY_OTP'
        ? { ...current, action: 'VERIFY_OTP', resendAt: resendAt(status.resendAfterSeconds) }
        : undefined
    },
    async verifyEmail(current, otp) {
      await connect(current.attemptId, (attemptId, proof) => api.emailVerify(attemptId, otp, proof))
    },
    async startSocial(provider, popup, signal) {
      const attempt = await social.start(provider, popup, signal)
      return { ...attempt, connect: () => connect(attempt.attemptId, api.socialConnect) }
    },
    async passkey(mode, popup) {
      const ceremony = popup ? PasskeyWindow.ceremony(popup, window, WebAuthn.here) : WebAuthn.here
      const deviceKey = await connector.deviceKey()
      if (mode === 'create') {
        const started = await api.passkeyRegisterStart(deviceKey)
        const { credential, prf } = await ceremony.create(started.options)
        await connect(
          started.attemptId,
          (attemptId, proof) => api.passkeyRegisterFinish(attemptId, credential, proof),
          {
            credentialId: credential.id,
            ...(await PasskeyPrf.completed(ceremony, started.options, credential.id, prf)),
          },
        )
      } else {
        const started = await api.passkeyLoginStart(deviceKey)
        const { credential, prf } = await ceremony.get(started.options)
        await connect(
          started.attemptId,
          (attemptId, proof) => api.passkeyLoginFinish(attemptId, credential, proof),
          { credentialId: credential.id, ...prf },
        )
      }
    },
    async startFarcaster() {
      const attempt = await Farcaster.start(api, await connector.deviceKey())
      return { ...attempt, connect: () => connect(attempt.attemptId, api.farcasterConnect) }
    },
    emailUpdate: (reauth) =>
      EmailUpdateFlow.create({
        api,
        session: connector.session,
        ask: options.askCode,
        passkey: connector.passkeyFactor,
        ...reauth,
      }),
    answer(id, approved) {
      if (approved) connector.approveRequest(id)
      else connector.cancelRequest(id)
    },
    block: (id) => connector.blockRequest(id),
    preferredAccountType: () => connector.preferredAccountType(),
    setPreferredAccountType: (type) => connector.setPreferredAccountType(type),
    smartAccountAvailable: () => connector.smartAccountAvailable(),
    async showRecoveryPhrase(popup) {
      // Loaded here, on first use: the wallet's chunk (and the boot chunk's preload list) stay as they were.
      const ExportWindow = await import('../../lib/exportWindow.js')
      const { port1, port2 } = new MessageChannel()
      try {
        await connector.exportTo(port1)
        await ExportWindow.hand(popup, window, port2)
      } catch (error) {
        port2.close()
        if (!popup.closed) popup.close()
        throw error
      }
    },
  }
}
