// The Farcaster login the frame waits on, for a login (ConnectingFarcaster) or for the re-login before
// an email update: the relay channel's URL, which the views show as a QR code while the Farcaster app
// signs, and the wait itself. One at a time: a newer wait, or leaving ConnectingFarcaster, drops the
// older one, so no view keeps showing a code that can no longer sign anyone in.
import type { FarcasterLogin, LoginAuth } from '../lib/embeddedLogin.js'
import * as Store from '../lib/store.js'
import * as Poll from './poll.js'

export type FarcasterChannel = ReturnType<typeof create>

export function create() {
  const url = Store.create<string | undefined>(undefined)
  /** The wait going on now. */
  let current: AbortController | undefined

  return {
    /** The channel of the waiting login, for its QR code; undefined while none waits. */
    url: url as Store.ReadableStore<string | undefined>,
    /**
     * Opens a channel and waits until the API has verified the message the Farcaster app signed;
     * answers the login, ready for CONNECT (the caller's, or none for a re-login).
     */
    async wait(auth: Pick<LoginAuth, 'startFarcaster'>, signal: AbortSignal): Promise<FarcasterLogin> {
      current?.abort()
      const own = new AbortController()
      current = own
      const stop = AbortSignal.any([signal, own.signal])
      try {
        const login = await auth.startFarcaster()
        stop.throwIfAborted()
        url.set(login.channelUrl)
        await Poll.ready(login, stop)
        return login
      } finally {
        if (current === own) {
          current = undefined
          url.set(undefined)
        }
      }
    },
    /** Drops the waiting login: its wait ends and its channel goes (the next one opens a new channel). */
    drop(): void {
      current?.abort()
      current = undefined
      url.set(undefined)
    },
  }
}
