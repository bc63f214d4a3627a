// Sends tracked events to the operator's own API (POST /e with projectId, st, sv; body eventId, url,
// domain, timestamp, props). Events gather for a moment and go in one request; a request that gets no
// answer or a server error is sent once more, then dropped. Nothing waits on it: the UI never blocks
// on analytics. A 403 means the project does not allow this origin ("Invalid App Configuration" /
// "Origin not found on Allowlist"): it is said once, and nothing more is sent. Loaded lazily, with the
// first event (not in the boot chunk).
import {
  type AnalyticsEvent,
  AnalyticsResponse,
  analyticsBatchMax,
  type TrackedEvent,
  type TrackedProps,
} from '@walletframe/protocol'
import { ApiError, type Client } from './client.js'

export declare namespace create {
  type Options = {
    /** The API client (it adds projectId, st and sv to the query). */
    client: Pick<Client, 'post'>
    /** Where the events happen: the host page's verified origin; undefined before the handshake. */
    hostOrigin(): string | undefined
    /** Whether the host lets the frame send analytics (`features.analytics`, on by default). */
    enabled(): boolean
    /** The connected address, sent with each event in `props` beside the event data. */
    address(): string | undefined
    /** The API refused the origin (403): shown to the user as "Invalid App Configuration". */
    onDenied(error: ApiError): void
    /** How long events gather before a request goes (ms). */
    batchDelayMs?: number
    /** How long before the one retry (ms). */
    retryDelayMs?: number
    timers?: Pick<typeof globalThis, 'setTimeout' | 'clearTimeout'>
    randomId?: () => string
  }
}

export type Sender = {
  /** Queues an event (as core/analytics emits it); a request follows within `batchDelayMs`. */
  enqueue(event: TrackedEvent & { readonly timestamp: number }): void
  /** Sends what is queued now; resolves when it was stored, or given up on. Never rejects. */
  flush(): Promise<void>
}

/** Whether a failed request is worth the one retry: no answer, a rate limit, or a server error. */
export function isTransient(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status === 429 || error.status >= 500)
}

export function create(options: create.Options): Sender {
  const { client, batchDelayMs = 1_000, retryDelayMs = 2_000 } = options
  const timers = options.timers ?? globalThis
  const randomId = options.randomId ?? (() => crypto.randomUUID())
  let queue: AnalyticsEvent[] = []
  let timer: ReturnType<typeof setTimeout> | undefined
  /** Set by a 403: the API will refuse every event from this origin. */
  let denied = false

  function post(batch: AnalyticsEvent[]) {
    return client.post('e', batch, { schema: AnalyticsResponse })
  }

  const wait = (ms: number) => new Promise<void>((resolve) => timers.setTimeout(resolve, ms))

  async function send(batch: AnalyticsEvent[]): Promise<void> {
    try {
      try {
        await post(batch)
      } catch (error) {
        if (!isTransient(error)) throw error
        // Same event ids: a first attempt that did reach the database is not stored twice.
        await wait(retryDelayMs)
        await post(batch)
      }
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) {
        if (!denied) options.onDenied(error)
        denied = true
        queue = []
        return
      }
      // Analytics is best effort: say why in the console, never to the user, and move on.
      console.warn(`[walletframe] analytics: ${batch.length} event(s) dropped:`, error)
    }
  }

  async function flush(): Promise<void> {
    if (timer !== undefined) timers.clearTimeout(timer)
    timer = undefined
    const sending: Promise<void>[] = []
    while (queue.length > 0) {
      const batch = queue.slice(0, analyticsBatchMax)
      queue = queue.slice(analyticsBatchMax)
      sending.push(send(batch))
    }
    await Promise.all(sending)
  }

  return {
    enqueue({ timestamp, ...event }) {
      const origin = options.hostOrigin()
      if (denied || !origin || !options.enabled()) return
      const address = options.address()
      const props: TrackedProps = { type: 'track', ...event, ...(address ? { address } : {}) }
      queue.push({
        eventId: randomId(),
        url: origin,
        domain: new URL(origin).hostname,
        timestamp,
        props,
      })
      if (queue.length >= analyticsBatchMax) void flush()
      else timer ??= timers.setTimeout(() => void flush(), batchDelayMs)
    },
    flush,
  }
}
