// The API's sign-in session calls (/v1/sessions), parsed with the protocol's schemas.
import {
  CreatedSession,
  RevokedSession,
  SessionNonce,
  SessionRecord,
  type SignInSession,
} from '@walletframe/protocol'
import type { Client } from './client.js'

export type SessionsApi = {
  /** A single-use nonce for the host origin. */
  nonce(origin: string): Promise<SessionNonce>
  /** Stores a signed session; answers its id and the key that revokes it. */
  create(origin: string, session: SignInSession): Promise<CreatedSession>
  get(id: string): Promise<SessionRecord>
  /** `signature`: the HMAC of the revocation message with the session's key. */
  revoke(id: string, body: { pci: string; signature: string }): Promise<unknown>
}

export function sessionsApi(client: Client): SessionsApi {
  return {
    nonce: (origin) => client.post('/v1/sessions/nonce', { origin }, { schema: SessionNonce }),
    create: (origin, session) => client.post('/v1/sessions', { origin, session }, { schema: CreatedSession }),
    get: (id) => client.get(`/v1/sessions/${encodeURIComponent(id)}`, { schema: SessionRecord }),
    revoke: (id, body) =>
      client.post(`/v1/sessions/${encodeURIComponent(id)}/revoke`, body, { schema: RevokedSession }),
  }
}
