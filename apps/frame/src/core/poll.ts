// Waiting on what only the API sees happen (a device approved from the mailed link, a login finished in
// a popup or in the Farcaster app): the frame looks once a second until the answer comes. The one place
// the embedded login waits: the connector offers single looks, never a loop.
import type { PendingLogin } from '../lib/embeddedLogin.js'

/** How long the frame leaves between two looks at an attempt. */
export const intervalMs = 1_000

/**
 * Calls `check` now, then `intervalMs` after each empty answer, until it answers a value. Rejects with
 * `check`'s failure, or with the signal's reason once it aborts: an answer that arrives after the
 * abort is dropped, so a cancelled wait never goes on to connect.
 */
export async function until<T>(
  check: () => Promise<T | undefined>,
  signal: AbortSignal,
  every = intervalMs,
): Promise<T> {
  for (;;) {
    signal.throwIfAborted()
    // The abort wins over what the look answered, a failure included.
    const answer = await check().finally(() => signal.throwIfAborted())
    if (answer !== undefined) return answer
    await sleep(every, signal)
  }
}

/**
 * Waits until `login`'s attempt is ready (see `until`), then lets go of what it holds (the popup's
 * hand-over), as it does when the wait fails or is cancelled.
 */
export async function ready(login: Pick<PendingLogin, 'ready' | 'end'>, signal: AbortSignal): Promise<void> {
  try {
    await until(async () => ((await login.ready()) ? true : undefined), signal)
  } finally {
    login.end()
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const abort = () => {
      clearTimeout(timer)
      reject(signal.reason)
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', abort)
      resolve()
    }, ms)
    signal.addEventListener('abort', abort, { once: true })
  })
}
