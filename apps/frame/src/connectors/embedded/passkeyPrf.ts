// A passkey's PRF output: a new passkey's, and a touch of the user's passkey later (for the recovery
// kit or a recovery password of a wallet the passkey protects). Authenticators that evaluate PRF only
// in an assertion (CTAP2.1 hmac-secret without its make-credential form) answer `enabled` and no output
// at creation: one more assertion of that passkey, over a challenge nobody verifies (only its PRF is
// read), gives it.
import type { FactorPasskey, PasskeyCreationOptions, SensitiveAction } from '@walletframe/protocol'
import * as WebAuthn from '../../lib/webauthn.js'
import type { AuthApi } from './authApi.js'
import type { Session } from './session.js'

/** The passkey's PRF with an output where it has PRF at all; without one, what creation said. */
export async function completed(
  ceremony: Pick<WebAuthn.Ceremony, 'get'>,
  options: Pick<PasskeyCreationOptions, 'rp' | 'timeout'>,
  credentialId: string,
  prf: WebAuthn.Prf,
): Promise<WebAuthn.Prf> {
  if (prf.output || !prf.enabled) return prf
  const challenge = crypto.getRandomValues(new Uint8Array(32))
  try {
    const asserted = await ceremony.get({
      challenge: WebAuthn.toText(challenge),
      ...(options.rp.id ? { rpId: options.rp.id } : {}),
      ...(options.timeout ? { timeout: options.timeout } : {}),
      allowCredentials: [{ id: credentialId, type: 'public-key' }],
      userVerification: 'required',
    })
    return asserted.credential.id === credentialId ? asserted.prf : prf
  } catch (error) {
    // Declined or failed: the wallet is made with the password alone, as without PRF.
    console.error(
      '[walletframe] the passkey’s PRF could not be read; the password alone protects recovery',
      error,
    )
    return prf
  }
}

// Where the window on the frame origin touches a passkey too (the recovery phrase window), so lib/.
export { PasskeyPrfMissingError } from '../../lib/webauthn.js'

/** A touch of the user's passkey: its assertion (a fresh factor) and its PRF output (a key). */
export type Touched = {
  answer: FactorPasskey
  prf: { credentialId: string; output: Uint8Array<ArrayBuffer> }
}

/**
 * One touch of one of the user's passkeys over the API's challenge for `action`: its assertion is the
 * fresh factor where the user has one, and its PRF output opens the passkey's copy of the recovery
 * share. A passkey that evaluates no PRF is refused here (PasskeyPrfMissingError).
 */
export async function touch(
  deps: {
    api: Pick<AuthApi, 'factorPasskey'>
    session: Pick<Session, 'proof'>
    here?: Pick<WebAuthn.Ceremony, 'get'>
  },
  action: SensitiveAction,
): Promise<Touched> {
  const { accessToken, proof } = await deps.session.proof('factor-passkey')
  const started = await deps.api.factorPasskey(accessToken, { action, proof })
  const { credential, prf } = await (deps.here ?? WebAuthn.here).get(started.options)
  if (!prf.output) throw new WebAuthn.PasskeyPrfMissingError()
  return {
    answer: { attemptId: started.attemptId, credential },
    prf: { credentialId: credential.id, output: prf.output },
  }
}
