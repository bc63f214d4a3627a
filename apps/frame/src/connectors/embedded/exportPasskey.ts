// The frame page's part of "Show recovery phrase" by passkey (worker/Vault.ts exportTo): the API's
// challenges for 'export', which the window on the frame origin answers with a touch, and for that
// touch's assertion the API's pass and the touched passkey's copy of the recovery share. The passkey's
// PRF output never comes here: the window hands it to the Worker, which calls this for the rest.
import type { WalletShares } from '@walletframe/protocol'
import { FrameError, messageOf } from '../../lib/errors.js'
import type { ExportPasskey } from '../../worker/Vault.js'
import type { AuthApi } from './authApi.js'
import * as PasskeyPrf from './passkeyPrf.js'
import type { Session } from './session.js'

/** A touch answering no challenge of this window, or one answered already (a replay). */
export class ExportChallengeMissingError extends FrameError {
  override name = 'ExportChallengeMissingError'
  constructor() {
    super('EXPORT_CHALLENGE_MISSING', 'This touch answered no challenge of this window; try again')
  }
}

type Deps = {
  api: Pick<AuthApi, 'factorPasskey' | 'factorPass'>
  session: Pick<Session, 'proof'>
  /** The shares with the copy of the recovery share under passkey `prfCredentialId`'s PRF, when kept. */
  shares(prfCredentialId: string): Promise<WalletShares>
}

/** The code a refusal carries back across the Worker boundary: the API's where it sent one. */
function codeOf(error: unknown): string {
  const { code, apiCode } = error as { code?: unknown; apiCode?: unknown }
  if (typeof apiCode === 'string') return apiCode
  return typeof code === 'string' ? code : 'EXPORT_FAILED'
}

export function create({ api, session, shares }: Deps): ExportPasskey {
  /** The challenge the window's next touch answers; each is answered once. */
  let attemptId: string | undefined
  return {
    async options() {
      const { accessToken, proof } = await session.proof('factor-passkey')
      const started = await api.factorPasskey(accessToken, { action: 'export', proof })
      attemptId = started.attemptId
      return started.options
    },
    async confirm(credential) {
      const attempt = attemptId
      attemptId = undefined
      try {
        if (!attempt) throw new ExportChallengeMissingError()
        const signed = await session.proof('factor-pass')
        // The assertion is the fresh factor where the user has one; the API spends its challenge.
        const { pass } = await api.factorPass(signed.accessToken, {
          action: 'export',
          passkey: { attemptId: attempt, credential },
          proof: signed.proof,
        })
        const answer = await shares(credential.id)
        if (!answer.exists || !answer.prfShare) throw new PasskeyPrf.PasskeyPrfMissingError()
        return { ok: true, pass, authShare: answer.authShare, prfShare: answer.prfShare }
      } catch (error) {
        return { ok: false, code: codeOf(error), message: messageOf(error) }
      }
    },
  }
}
