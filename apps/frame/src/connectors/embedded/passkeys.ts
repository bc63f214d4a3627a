// The signed-in user's passkeys from the Account view: list, add (the browser's dialog between the
// API's start and finish, in the frame or in the window on the frame origin) and remove. Each call
// carries a fresh proof of the session's device key.
import type { PrfRecoveryShare } from '@walletframe/protocol'
import type { Passkeys } from '../../lib/embeddedLogin.js'
import * as PasskeyWindow from '../../lib/passkeyWindow.js'
import * as WebAuthn from '../../lib/webauthn.js'
import type { AuthApi } from './authApi.js'
import * as PasskeyPrf from './passkeyPrf.js'
import * as SecondFactor from './secondFactor.js'
import type { Session } from './session.js'

type Deps = {
  api: Pick<
    AuthApi,
    | 'passkeyList'
    | 'passkeyAddStart'
    | 'passkeyAddFinish'
    | 'passkeyRemove'
    | 'passkeyFactorOn'
    | 'passkeyFactorOff'
    | 'factorThreshold'
  >
  session: Pick<Session, 'proof'>
  /** The Worker's copy of the recovery share under a new passkey's PRF output, when it holds the share. */
  sealForPasskey(prf: {
    credentialId: string
    output: Uint8Array<ArrayBuffer>
  }): Promise<PrfRecoveryShare | undefined>
  /** The user's fresh code, which adding or removing a passkey takes when they have a second factor. */
  ask: SecondFactor.Ask
  /** The user's passkey, offered beside the code. */
  passkey?: SecondFactor.PasskeyFactor
  /** The ceremonies in this document (a stand-in in tests). */
  here?: WebAuthn.Ceremony
}

export function create({ api, session, sealForPasskey, ask, passkey, here = WebAuthn.here }: Deps): Passkeys {
  return {
    async list() {
      const { accessToken, proof } = await session.proof('passkey-list')
      return api.passkeyList(accessToken, proof)
    },
    async add(popup) {
      const ceremony = popup ? PasskeyWindow.ceremony(popup, window, here) : here
      const started = await SecondFactor.withFreshCode(
        ask,
        'login-method',
        async (fresh) => {
          const start = await session.proof('passkey-add')
          return api.passkeyAddStart(start.accessToken, { proof: start.proof, ...fresh })
        },
        passkey,
      )
      const { credential, prf } = await ceremony.create(started.options)
      // With PRF, the new passkey gets its copy of the recovery share (sealed in the Worker; only the
      // ciphertext goes to the API), so it too opens the wallet on a new device with no password.
      const { output } = await PasskeyPrf.completed(ceremony, started.options, credential.id, prf)
      const prfShare = output ? await sealForPasskey({ credentialId: credential.id, output }) : undefined
      const finish = await session.proof('passkey-add')
      return api.passkeyAddFinish(finish.accessToken, {
        attemptId: started.attemptId,
        credential,
        ...(prfShare ? { prfShare } : {}),
        proof: finish.proof,
      })
    },
    async setSecondFactor(on) {
      if (on) {
        // The touch is the proof: the user holds one of their passkeys and can answer with it.
        if (!passkey) throw new Error('Passkeys are not available here')
        const answer = await passkey.assert('login-method')
        const { accessToken, proof } = await session.proof('passkey-factor')
        return api.passkeyFactorOn(accessToken, { passkey: answer, proof })
      }
      return SecondFactor.withFreshCode(
        ask,
        'login-method',
        async (fresh) => {
          const { accessToken, proof } = await session.proof('passkey-factor')
          return api.passkeyFactorOff(accessToken, { proof, ...fresh })
        },
        passkey,
      )
    },
    async setSendThreshold(sendThreshold) {
      if (!passkey) throw new Error('Passkeys are not available here')
      const answer = await passkey.assert('login-method')
      const { accessToken, proof } = await session.proof('factor-threshold')
      await api.factorThreshold(accessToken, { sendThreshold, passkey: answer, proof })
    },
    async remove(credentialId) {
      return SecondFactor.withFreshCode(
        ask,
        'login-method',
        async (fresh) => {
          const { accessToken, proof } = await session.proof('passkey-remove')
          return api.passkeyRemove(accessToken, { credentialId, proof, ...fresh })
        },
        passkey,
      )
    },
  }
}
