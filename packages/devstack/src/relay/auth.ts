// Checks the relay auth JWT a client puts in the `auth` query parameter
// (https://specs.walletconnect.com/2.0/specs/clients/core/relay/relay-client-auth): EdDSA,
// signed by the client's ed25519 did:key (`iss`), `aud` = the relay URL it connects to.
import { decodeJWT, verifyJWT } from '@walletconnect/relay-auth'
import { RelayAuthError } from './errors.js'

export type Options = {
  /** Hosts (`host:port`) this relay answers on; the JWT audience must name one of them. */
  hosts: readonly string[]
  /** Seconds since the epoch; the clock to check `exp` against. */
  now?: number
}

/** Returns the client id (the JWT issuer, a did:key) or throws RelayAuthError. */
export async function verify(
  jwt: string | null | undefined,
  options: Options,
): Promise<{ clientId: string }> {
  if (!jwt) throw new RelayAuthError('missing auth token')
  let payload: ReturnType<typeof decodeJWT>['payload']
  try {
    payload = decodeJWT(jwt).payload
    if (!(await verifyJWT(jwt))) throw new RelayAuthError('bad signature')
  } catch (error) {
    if (error instanceof RelayAuthError) throw error
    throw new RelayAuthError(`malformed token (${(error as Error).message})`)
  }
  const now = options.now ?? Math.floor(Date.now() / 1000)
  if (typeof payload.exp !== 'number' || payload.exp <= now) throw new RelayAuthError('token expired')
  if (typeof payload.sub !== 'string' || payload.sub.length === 0) throw new RelayAuthError('missing subject')
  if (!audienceMatches(payload.aud, options.hosts)) {
    throw new RelayAuthError(`audience ${String(payload.aud)} is not this relay`)
  }
  return { clientId: payload.iss }
}

// The SDK signs the relay URL exactly as configured (core 2.25 `signJWT(this.relayUrl)`), so
// `ws://127.0.0.1:N`, `ws://localhost:N` and a trailing slash all name this relay.
function audienceMatches(aud: unknown, hosts: readonly string[]): boolean {
  if (typeof aud !== 'string') return false
  let url: URL
  try {
    url = new URL(aud)
  } catch {
    return false
  }
  if (url.protocol !== 'ws:' && url.protocol !== 'wss:') return false
  return hosts.includes(url.host)
}
