// Sign In With Farcaster for the embedded wallet: the API opens a channel on the Farcaster auth relay and
// answers its URL (the account state's `farcasterUrl`), which the Farcaster app opens from the QR code; the frame polls
// the attempt — each poll has the API ask the relay and verify a signed message — and CONNECTs once the
// API has verified it, with the device key's proof that this device started the attempt. Like a social
// login, then: the session is bound to the Worker's device key. The same wait, without CONNECT, lets a
// signed-in Farcaster user confirm it is them before adding an email address.
import type { AuthConnected, DeviceProof, DevicePublicKey } from '@walletframe/protocol'
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
    /** The device key's proof over the attempt, which CONNECT takes (a fresh one per call). */
    proof(attemptId: string): Promise<DeviceProof>
    /** Hands the session to the connector (connecting it is the caller's, once `run` resolves). */
    connected(answer: AuthConnected): void | Promise<void>
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

  /** Runs `body` as the one waiting login: a new one aborts it; farcasterUrl is cleared when it ends. */
  async function exclusive<T>(signal: AbortSignal, body: (stop: AbortSignal) => Promise<T>): Promise<T> {
    current?.abort()
    const own = new AbortController()
    current = own
    try {
      return await body(AbortSignal.any([signal, own.signal]))
    } finally {
      if (current === own) {
        current = undefined
        farcasterUrl.set(undefined)
      }
    }
  }

  /** Opens a channel (farcasterUrl) and waits until the API has verified the signed message; answers the attempt. */
  async function ready(stop: AbortSignal): Promise<string> {
    const started = await options.api.farcasterStart(await options.deviceKey())
    stop.throwIfAborted()
    farcasterUrl.set(started.channelUrl)
    for (;;) {
      const status = await options.api.attempt(started.attemptId)
      stop.throwIfAborted()
      if (status.status === 'ready') return started.attemptId
      if (status.status === 'failed')
        throw new FarcasterLoginFailedError(status.error?.message ?? 'The Farcaster login did not complete')
      if (status.status === 'expired')
        throw new FarcasterLoginFailedError('This login took longer than 10 minutes; start again')
      if (status.status === 'connected')
        throw new FarcasterLoginFailedError('This login was used already; start again')
      await options.wait(options.pollMs, stop)
    }
  }

  return {
    farcasterUrl: farcasterUrl as Store.ReadableStore<string | undefined>,
    /** A login: the signed message verified, CONNECT with this device's proof, and the connector takes the session. */
    run: (signal: AbortSignal): Promise<void> =>
      exclusive(signal, async (stop) => {
        const attemptId = await ready(stop)
        await options.connected(await options.api.farcasterConnect(attemptId, await options.proof(attemptId)))
      }),
    /** A signed-in user signs in again with Farcaster; the attempt (not connected) vouches for it. */
    reauthenticate: (signal: AbortSignal): Promise<string> => exclusive(signal, ready),
    /** Drops the waiting login (its channel is abandoned; the next visit opens a new one). */
    reload(): void {
      current?.abort()
      current = undefined
      farcasterUrl.set(undefined)
    },
  }
}
