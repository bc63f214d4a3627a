// A new passkey's PRF output. Authenticators that evaluate PRF only in an assertion (CTAP2.1
// hmac-secret without its make-credential form) answer `enabled` and no output at creation: one
// more assertion of that passkey, over a challenge nobody verifies (only its PRF is read), gives it.
import type { PasskeyCreationOptions } from '@walletframe/protocol'
import * as WebAuthn from '../../lib/webauthn.js'

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
