// The nonceCheck for sessions made through the Walletframe frame: the API issued the nonce (to this
// project, for the page's origin) and spent it when it stored the session, so the backend asks the API
// whether the session it was handed is that stored, still active session.
import { SessionRecord } from '@walletframe/protocol'

export declare namespace apiNonceCheck {
  type Options = {
    /** Base URL of the Walletframe API (the frame's `apiUrl`). */
    apiUrl: string
    /** The project the page runs as. */
    projectId: string
    /** `session.id` of the session being verified, as the page received it. */
    sessionId: string
    fetch?: typeof fetch
  }
}

/**
 * A `nonceCheck` for verifySession: true when the API holds an active session with this id and nonce.
 * Throws when the API cannot be asked (an outage is not a refused sign-in). A backend that must accept
 * each session once keeps the ids it accepted itself.
 */
export function apiNonceCheck(options: apiNonceCheck.Options): (nonce: string) => Promise<boolean> {
  const doFetch = options.fetch ?? fetch
  return async (nonce) => {
    if (!/^[A-Za-z0-9_-]{22}$/.test(options.sessionId)) return false
    const url = new URL(
      `v1/sessions/${options.sessionId}`,
      options.apiUrl.endsWith('/') ? options.apiUrl : `${options.apiUrl}/`,
    )
    url.searchParams.set('projectId', options.projectId)
    const response = await doFetch(url)
    if (response.status === 404) return false
    if (!response.ok)
      throw new Error(`The Walletframe API answered HTTP ${response.status} for ${url.pathname}`)
    const record = SessionRecord.parse(await response.json())
    return record.status === 'active' && record.nonce === nonce
  }
}
