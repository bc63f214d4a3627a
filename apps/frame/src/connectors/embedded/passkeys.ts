// The signed-in user's passkeys from the Account view: list, add (the browser's dialog between the
// API's start and finish, in the frame or in the window on the frame origin) and remove. Each call
// carries a fresh proof of the session's device key.
import type { Passkeys } from '../../lib/embeddedLogin.js'
import * as PasskeyWindow from '../../lib/passkeyWindow.js'
import * as WebAuthn from '../../lib/webauthn.js'
import type { AuthApi } from './authApi.js'
import type { Session } from './session.js'

type Deps = {
  api: Pick<AuthApi, 'passkeyList' | 'passkeyAddStart' | 'passkeyAddFinish' | 'passkeyRemove'>
  session: Pick<Session, 'proof'>
  /** The ceremonies in this document (a stand-in in tests). */
  here?: WebAuthn.Ceremony
}

export function create({ api, session, here = WebAuthn.here }: Deps): Passkeys {
  return {
    async list() {
      const { accessToken, proof } = await session.proof('passkey-list')
      return api.passkeyList(accessToken, proof)
    },
    async add(popup) {
      const ceremony = popup ? PasskeyWindow.ceremony(popup, window, here) : here
      const start = await session.proof('passkey-add')
      const started = await api.passkeyAddStart(start.accessToken, start.proof)
      // The PRF output, if any, is not used here: a copy of the recovery share for this passkey needs
      // the share itself, which only a recovery opens.
      const { credential } = await ceremony.create(started.options)
      const finish = await session.proof('passkey-add')
      return api.passkeyAddFinish(finish.accessToken, {
        attemptId: started.attemptId,
        credential,
        proof: finish.proof,
      })
    },
    async remove(credentialId) {
      const { accessToken, proof } = await session.proof('passkey-remove')
      return api.passkeyRemove(accessToken, { credentialId, proof })
    },
  }
}
