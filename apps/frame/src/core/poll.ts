// Waiting on what only the API sees happen (a device approved from the mailed link, a login finished in
// a popup or in the Farcaster app): the frame looks until the answer comes. The API holds each look
// while nothing happens and answers the moment the attempt moves, so the loop starts the next look at
// once after a held one; a look answered at once (an API that holds nothing) is followed a second
// later, never sooner. The one place the embedded login waits: the connector offers single looks,
// never a loop.
import type { PendingLogin } from '../lib/embeddedLogin.js'

/** The least time from the start of one look at an attempt to the start of the next. */
export const intervalMs = 1_000

/**
 * Calls `check` now, then again after each empty answer, at most once per `every`, until it answers a
 * value. `check` gets the signal, to end a look the API holds. Rejects with `check`'s failure, or with
 * the signal's reason once it aborts: an answer that arrives after the abort is dropped, so a cancelled
 * wait never goes on to connect.
 */
export async function until<T>(
  check: (signal: AbortSignal) => Promise<T | undefined>,
  signal: AbortSignal,
  every = intervalMs,
): Promise<T> {
  for (;;) {
    signal.throwIfAborted()
    const started = Date.now()
    // The abort wins over what the look answered, a failure included.
    const answer = await check(signal).finally(() => signal.throwIfAborted())
    if (answer !== undefined) return answer
    await sleep(every - (Date.now() - started), signal)
  }
}

/**
 * Waits until `login`'s attempt is ready (see `until`), then lets go of what it holds (the popup's
 * hand-over), as it does when the wait fails or is cancelled.
 */
export async function ready(login: Pick<PendingLogin, 'ready' | 'end'>, signal: AbortSignal): Promise<void> {
  try {
    await until(async (look) => ((await login.ready(look)) ? true : undefined), signal)
  } finally {
    login.end()
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0) return Promise.resolve()
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
