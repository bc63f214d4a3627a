// Sign In With Farcaster for the embedded wallet: the API opens a channel on the Farcaster auth relay and
// answers its URL, which the Farcaster app opens from the QR code; each look at the attempt (`ready`; the
// waiting is core's) has the API ask the relay and verify a signed message, and the login CONNECTs once
// the API has verified it, with the device key's proof that this device started the attempt. Like a
// social login, then: the session is bound to the Worker's device key. The same attempt, without
// CONNECT, lets a signed-in Farcaster user confirm it is them before adding an email address.
import type { DevicePublicKey } from '@walletframe/protocol'
import type { FarcasterLogin } from '../../lib/embeddedLogin.js'
import { FrameError } from '../../lib/errors.js'
import * as AttemptStatus from './attemptStatus.js'
import type { AuthApi } from './authApi.js'

export class FarcasterLoginFailedError extends FrameError {
  override name = 'FarcasterLoginFailedError'
  constructor(message: string) {
    super('FARCASTER_LOGIN_FAILED', message)
  }
}

/** A Farcaster login under way: CONNECT, or a re-authentication, is the caller's once it is ready. */
export type FarcasterAttempt = Omit<FarcasterLogin, 'connect'>

/** Opens a relay channel for a new attempt. */
export async function start(
  api: Pick<AuthApi, 'farcasterStart' | 'attempt'>,
  deviceKey: DevicePublicKey,
): Promise<FarcasterAttempt> {
  const { attemptId, channelUrl } = await api.farcasterStart(deviceKey)
  return {
    attemptId,
    channelUrl,
    ready: async (signal) =>
      AttemptStatus.isReady(
        await api.attempt(attemptId, signal),
        (message) => new FarcasterLoginFailedError(message),
        'The Farcaster login did not complete',
      ),
    // The channel holds nothing of the frame's: an abandoned one expires at the relay.
    end() {},
  }
}
