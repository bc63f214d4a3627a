// Keeps a fresh pairing URI on screen while the user connects: creates one, replaces it when under
// 10 s of its 4-minute lifetime remain (a wallet may not finish in less), and reports the wallet's
// approval of the current one. Approvals and failures of replaced URIs are ignored.
import * as ConnectionState from './connectionState.js'

export type Pairing<T> = { uri: string; approval: Promise<T> }

export type Timers = Pick<typeof globalThis, 'setTimeout' | 'clearTimeout'>

export declare namespace create {
  type Options<T> = {
    createPairing(): Promise<Pairing<T>>
    state: Pick<ConnectionState.ConnectionStore, 'buffering' | 'paired' | 'failed'>
    onApproved(result: T): void
    /** Called with each failure of the current pairing (after `state.failed`). */
    onError?(error: Error): void
    now?: () => number
    timers?: Timers
  }
}

export function create<T>(options: create.Options<T>) {
  const { state, now = Date.now, timers = globalThis } = options
  let generation = 0
  let timer: ReturnType<typeof setTimeout> | undefined

  function clear() {
    if (timer !== undefined) timers.clearTimeout(timer)
    timer = undefined
  }

  function fail(error: unknown) {
    const reported = error instanceof Error ? error : new Error(String(error))
    state.failed(reported.message)
    options.onError?.(reported)
  }

  /** Creates a pairing (replacing any current one) and resolves once its URI is shown. */
  async function start(): Promise<void> {
    const current = ++generation
    clear()
    state.buffering()
    let pairing: Pairing<T>
    try {
      pairing = await options.createPairing()
    } catch (error) {
      if (current === generation) fail(error)
      return
    }
    if (current !== generation) {
      // Stopped or replaced while the relay call was in flight; nobody will show this URI.
      pairing.approval.catch(() => undefined)
      return
    }
    state.paired(pairing.uri, now())
    const expiry = ConnectionState.pairingExpiry(pairing.uri, now())
    timer = timers.setTimeout(
      () => {
        if (current === generation) void start()
      },
      ConnectionState.refreshDelay(expiry, now()),
    )
    pairing.approval.then(
      (result) => {
        if (current !== generation) return
        generation++
        clear()
        options.onApproved(result)
      },
      (error: unknown) => {
        if (current !== generation) return
        clear()
        fail(error)
      },
    )
  }

  return {
    start,
    /** Stops refreshing; a late approval of the shown URI is ignored. */
    stop() {
      generation++
      clear()
    },
    get active() {
      return timer !== undefined
    },
  }
}
