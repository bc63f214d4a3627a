// One look at a login the frame cannot see finish (a social popup, the Farcaster app): what the API's
// status of its attempt (/v1/auth/attempts/:id) means to the frame waiting on it (core/poll.ts looks
// again while it is pending).
import type { AuthAttemptStatus } from '@walletframe/protocol'

/**
 * Whether the attempt is ready (false while pending). One that failed, ran out of time or was used
 * already throws `failure` with words for the user: the API's own where it gave them, else
 * `incomplete`.
 */
export function isReady(
  status: Pick<AuthAttemptStatus, 'status' | 'error'>,
  failure: (message: string) => Error,
  incomplete: string,
): boolean {
  switch (status.status) {
    case 'ready':
      return true
    case 'failed':
      throw failure(status.error?.message ?? incomplete)
    case 'expired':
      throw failure('This login took longer than 10 minutes; start again')
    case 'connected':
      throw failure('This login was used already; start again')
    case 'pending':
      return false
  }
}
