// Sign In With Farcaster for the embedded wallet: the API opens a channel on the Farcaster auth relay and
// answers its URL (SPEC §3 `farcasterUrl`), which the Farcaster app opens from the QR code; the frame polls
// the attempt — each poll has the API ask the relay and verify a signed message — and CONNECTs once the
// API has verified it. Like a social login, then: the session is bound to the Worker's device key.
import type { AuthConnected, DevicePublicKey } from '@walletframe/protocol'
import { FrameError } from '../../lib/errors.js'
import * as Store from '../../lib/store.js'
import type { AuthApi } from './authApi.js'

export class FarcasterLoginFailedError extends FrameError {
  override name = 'FarcasterLoginFailedError'
  constructor(message: string) {
    super('FARCASTER_LOGIN_FAILED', message)
  }
}

export declare namespace create {
  type Options = {
    api: Pick<AuthApi, 'farcasterStart' | 'attempt' | 'farcasterConnect'>
    deviceKey(): Promise<DevicePublicKey>
    /** Hands the session to the connector and connects through the core. */
    connected(answer: AuthConnected): Promise<void>
    /** Waits between polls; rejects when the signal aborts. */
    wait(ms: number, signal: AbortSignal): Promise<void>
    pollMs: number
  }
}

export type FarcasterLogin = ReturnType<typeof create>

export function create(options: create.Options) {
  const farcasterUrl = Store.create<string | undefined>(undefined)
  /** The login waiting now: one at a time, a new one replaces it. */
  let current: AbortController | undefined

  return {
    farcasterUrl: farcasterUrl as Store.ReadableStore<string | undefined>,
    async run(signal: AbortSignal): Promise<void> {
      current?.abort()
      const own = new AbortController()
      current = own
      const stop = AbortSignal.any([signal, own.signal])
      try {
        const started = await options.api.farcasterStart(await options.deviceKey())
        stop.throwIfAborted()
        farcasterUrl.set(started.channelUrl)
        for (;;) {
          const status = await options.api.attempt(started.attemptId)
          stop.throwIfAborted()
          if (status.status === 'ready') break
          if (status.status === 'failed')
            throw new FarcasterLoginFailedError(
              status.error?.message ?? 'The Farcaster login did not complete',
            )
          if (status.status === 'expired')
            throw new FarcasterLoginFailedError('This login took longer than 10 minutes; start again')
          if (status.status === 'connected')
            throw new FarcasterLoginFailedError('This login was used already; start again')
          await options.wait(options.pollMs, stop)
        }
        await options.connected(await options.api.farcasterConnect(started.attemptId))
      } finally {
        if (current === own) {
          current = undefined
          farcasterUrl.set(undefined)
        }
      }
    },
    /** Drops the waiting login (its channel is abandoned; the next visit opens a new one). */
    reload(): void {
      current?.abort()
      current = undefined
      farcasterUrl.set(undefined)
    },
  }
}
