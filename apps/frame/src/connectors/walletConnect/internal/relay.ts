// The relay socket under a session: keeps reconnecting while a session exists, and makes sure the
// socket is up before a call so a dead relay fails fast with a clear error.
import { RelayUnavailableError } from './errors.js'
import type { Relayer } from './signClient.js'

export declare namespace follow {
  type Options = {
    /** Whether a session exists: without one there is nothing to reconnect for. */
    holdsSession(): boolean
    /** The socket dropped (false) or came back (true). */
    onChange(connected: boolean): void
    /** How often to try reconnecting while a session exists (default 5 s). */
    reconnectIntervalMs?: number | undefined
  }
}

/**
 * Reports the socket's drops and returns, and keeps trying to reconnect while a session exists:
 * sign-client retries a dropped socket once, then only when the dapp next publishes, and a session
 * would miss the wallet's events until then, so this tries again every heartbeat (5 s).
 */
export function follow(relayer: Relayer, options: follow.Options): void {
  let retry: ReturnType<typeof setInterval> | undefined
  const stopRetrying = () => {
    clearInterval(retry)
    retry = undefined
  }
  relayer.on('relayer_connect', () => {
    stopRetrying()
    options.onChange(true)
  })
  relayer.on('relayer_disconnect', () => {
    options.onChange(false)
    if (retry !== undefined) return
    retry = setInterval(() => {
      if (relayer.connected || !options.holdsSession()) return stopRetrying()
      // A failed attempt is reported by the next request; this loop only keeps trying.
      relayer.transportOpen().catch(() => undefined)
    }, options.reconnectIntervalMs ?? 5_000)
  })
}

export declare namespace ready {
  type Options = {
    /** The relay's URL, for the error. */
    url: string
    /** How long to wait for the socket (default 5 s). */
    timeoutMs?: number | undefined
  }
}

/**
 * Resolves once the socket is up, so a dead relay fails within `timeoutMs` with a clear error instead
 * of leaving the call queued until it expires. sign-client retries a dropped socket in the background
 * (5 attempts, growing pauses); this joins that attempt or starts one, and resolves as soon as any
 * attempt connects.
 */
export async function ready(relayer: Relayer, options: ready.Options): Promise<void> {
  if (relayer.connected) return
  await new Promise<void>((resolve, reject) => {
    const onConnect = () => {
      cleanup()
      resolve()
    }
    const timer = setTimeout(() => {
      cleanup()
      reject(new RelayUnavailableError(options.url))
    }, options.timeoutMs ?? 5_000)
    const cleanup = () => {
      clearTimeout(timer)
      relayer.off('relayer_connect', onConnect)
    }
    relayer.on('relayer_connect', onConnect)
    relayer.transportOpen().then(
      () => {
        if (relayer.connected) onConnect()
      },
      // This attempt gave up; a later one (or the timeout) settles the wait.
      () => undefined,
    )
  })
}
