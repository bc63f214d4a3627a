// Checks the relay auth JWT a client puts in the `auth` query parameter
// (https://specs.walletconnect.com/2.0/specs/clients/core/relay/relay-client-auth): EdDSA,
// signed by the client's ed25519 did:key (`iss`), `aud` = the relay URL it was configured with.
// The checks and their wording follow the hosted relay's (WalletConnectRust relay_rpc
// `jwt.rs` `verify_basic`), so a client that the hosted relay would refuse is refused here too.
import { decodeJWT, verifyJWT } from '@walletconnect/relay-auth'
import { RelayAuthError } from './errors.js'

export type Options = {
  /**
   * The relay URLs clients are given as `relayUrl` (e.g. `ws://127.0.0.1:4444`). The SDK signs
   * that string as the audience (core 2.25 `signJWT(this.relayUrl)`), and the JWT's `aud` must
   * equal one of these exactly: never derived from the request, whose `Host` the client picks.
   */
  audiences: readonly string[]
  /** Seconds since the epoch; the clock to check `exp` and `iat` against. */
  now?: number
}

/**
 * Clock skew tolerated on `exp` and `iat`, in seconds: relay_rpc's
 * `JWT_VALIDATION_TIME_LEEWAY_SECS`.
 */
export const leewaySeconds = 120

/** Returns the client id (the JWT issuer, a did:key) or throws RelayAuthError. */
export async function verify(
  jwt: string | null | undefined,
  options: Options,
): Promise<{ clientId: string }> {
  if (!jwt) throw new RelayAuthError('Missing JWT')
  let payload: ReturnType<typeof decodeJWT>['payload']
  try {
    payload = decodeJWT(jwt).payload
  } catch {
    throw invalid('Invalid format')
  }
  let signed: boolean
  try {
    signed = await verifyJWT(jwt)
  } catch (error) {
    // relay-auth throws for a header other than EdDSA/JWT, and for an `iss` that is no did:key.
    throw invalid(/EdDSA/.test((error as Error).message) ? 'Invalid JWT signing algorithm' : 'Invalid format')
  }
  if (!signed) throw invalid('Invalid signature')
  if (typeof payload.sub !== 'string' || payload.sub.length === 0) throw invalid('Invalid format')
  const now = options.now ?? Math.floor(Date.now() / 1000)
  if (typeof payload.exp !== 'number' || now - leewaySeconds > payload.exp) {
    throw invalid(`JWT Token is expired: Some(${String(payload.exp)})`)
  }
  if (typeof payload.iat === 'number' && now + leewaySeconds < payload.iat) {
    throw invalid(
      `JWT Token is not yet valid: basic.iat: ${payload.iat}, now + time_leeway: ${now + leewaySeconds}, time_leeway: ${leewaySeconds}`,
    )
  }
  // An exact match, as the hosted relay does (`aud.contains(&basic.aud)`): it refuses even
  // `wss://relay.walletconnect.com/` with a trailing slash (walletconnect-monorepo#3042).
  if (typeof payload.aud !== 'string' || !options.audiences.includes(payload.aud)) {
    throw invalid('Invalid audience')
  }
  return { clientId: payload.iss }
}

function invalid(reason: string): RelayAuthError {
  return new RelayAuthError(`JWT validation error: ${reason}`)
}
