// The user's passkey as a fresh factor: whether they have one (the question offers it then), and its
// assertion over the API's challenge for one action, the browser's dialog run in this document (a get
// works in the cross-origin frame where the host allows publickey-credentials-get).

import * as WebAuthn from '../../lib/webauthn.js'
import type { AuthApi } from './authApi.js'
import type { PasskeyFactor } from './secondFactor.js'
import type { Session } from './session.js'

type Deps = {
  api: Pick<AuthApi, 'passkeyList' | 'factorPasskey' | 'factorPasskeyOpen' | 'totpStatus'>
  session: Pick<Session, 'proof'>
  /** The ceremonies in this document (a stand-in in tests). */
  here?: WebAuthn.Ceremony
}

export function create({ api, session, here = WebAuthn.here }: Deps): PasskeyFactor {
  return {
    async available() {
      const { accessToken, proof } = await session.proof('passkey-list')
      return (await api.passkeyList(accessToken, proof)).passkeys.length > 0
    },
    async appOn() {
      const { accessToken, proof } = await session.proof('totp-status')
      return (await api.totpStatus(accessToken, proof)).enabled
    },
    async assert(action) {
      const { accessToken, proof } = await session.proof('factor-passkey')
      const started =
        action === 'open'
          ? await api.factorPasskeyOpen(accessToken, { proof })
          : await api.factorPasskey(accessToken, { action, proof })
      const { credential } = await here.get(started.options)
      return { attemptId: started.attemptId, credential }
    },
  }
}
