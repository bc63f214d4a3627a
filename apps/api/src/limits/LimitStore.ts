// Where rate limits keep their state, behind one contract: `take(key, rule)` answers 0 (admitted) or
// the whole seconds to wait. In process (internal/TokenBucket.ts) for PGlite's single process; in
// PostgreSQL (postgres.ts) or Redis (redis.ts) when several API processes must share one limit. The
// per-IP and per-project limits bind a rule with `limiter()`; the embedded wallet's email cooldown
// (capacity 1, refill 1/30 per second: "Please try again after {n} seconds") and OTP tries (capacity 5
// on a key per code) are the same call with another key prefix and rule.
// When the store fails, a limit that protects capacity lets the request through and one that
// protects a secret refuses it (`limiter`'s onStoreError). The login's limits take from the store
// directly, so its failure fails the request: they refuse.
import * as Gcra from './gcra.js'

export type Rule = Gcra.Rule

export type LimitStore = {
  /**
   * Takes one token from `key`'s bucket (full when first seen). Resolves 0 when admitted, else the
   * whole seconds (>= 1) until a token is free. One rule per key: prefix keys by what they limit.
   */
  take(key: string, rule: Rule): Promise<number>
  /** Releases connections and timers. */
  close(): Promise<void>
}

/** A store bound to one rule and key prefix: what the request path calls. */
export type Limiter = {
  /** 0 when admitted, else the seconds to wait before retrying. */
  take(key: string): Promise<number>
}

export declare namespace limiter {
  type Options = {
    /**
     * What a take does when the store cannot answer (database or Redis unreachable). No default: each
     * limit states it. `allow` for a limit that protects capacity (the generic per-IP and per-project
     * limits): an outage of the store must not take the API down with it, and the request is admitted
     * (reported once). `refuse` for a limit that protects a secret (code tries, the email cooldown,
     * wallet calls, login starts): unchecked, it would hand out unlimited guesses, so the request fails
     * with the store's error.
     */
    onStoreError: 'allow' | 'refuse'
    /** Where a failing store is reported under `allow` (once per distinct message). */
    log?: (message: string) => void
  }
}

/** Binds `rule` to the keys `${name}:${key}`, failing open or closed as `onStoreError` says. */
export function limiter(store: LimitStore, name: string, rule: Rule, options: limiter.Options): Limiter {
  const { onStoreError, log = (message) => console.error(`[api] ${message}`) } = options
  let failing: string | undefined
  return {
    async take(key) {
      try {
        const wait = await store.take(`${name}:${key}`, rule)
        failing = undefined
        return wait
      } catch (error) {
        if (onStoreError === 'refuse') throw error
        const message = (error as Error).message
        if (failing !== message) log(`rate limit "${name}" not applied, its store failed: ${message}`)
        failing = message
        return 0
      }
    },
  }
}

/** A shared store's one primitive: `count` takes of one key in one round trip. */
export type Backend = {
  take(key: string, rule: Rule, count: number): Promise<Gcra.Grant>
  close(): Promise<void>
}

export declare namespace shared {
  type Options = {
    /** Refused keys remembered at most (the oldest are forgotten first). */
    maxKeys?: number
    now?: () => number
  }
}

/**
 * A LimitStore over a shared backend that keeps the round trips down without bending the limit:
 * - at most one round trip per key is in flight; takes of that key arriving meanwhile go together as
 *   the next one (one statement grants them up to what the bucket holds), so a busy key costs one round
 *   trip per round-trip time, not one per request;
 * - a refusal is remembered here until the moment its next token can exist (no other process can make
 *   one appear sooner), so a client that keeps knocking while refused costs no round trip at all.
 */
export function shared(backend: Backend, options: shared.Options = {}): LimitStore {
  const { maxKeys = 100_000, now = Date.now } = options
  type Waiter = { resolve(wait: number): void; reject(error: unknown): void }
  const queued = new Map<string, { rule: Rule; waiters: Waiter[] }>()
  const inFlight = new Set<string>()
  const refusedUntil = new Map<string, number>()

  /** Sends the key's queued takes, one batch per round trip, until none are left. */
  async function drain(key: string): Promise<void> {
    inFlight.add(key)
    try {
      for (let batch = queued.get(key); batch; batch = queued.get(key)) {
        queued.delete(key)
        const { waiters, rule } = batch
        try {
          const { granted, waitSeconds } = await backend.take(key, rule, waiters.length)
          if (granted < waiters.length) {
            refusedUntil.delete(key)
            refusedUntil.set(key, now() + waitSeconds * 1000)
            if (refusedUntil.size > maxKeys) refusedUntil.delete(refusedUntil.keys().next().value!)
          }
          const wait = Gcra.retryAfter(waitSeconds)
          for (const [i, waiter] of waiters.entries()) waiter.resolve(i < granted ? 0 : wait)
        } catch (error) {
          for (const waiter of waiters) waiter.reject(error)
        }
      }
    } finally {
      inFlight.delete(key)
    }
  }

  return {
    take(key, rule) {
      const until = refusedUntil.get(key)
      if (until !== undefined) {
        const left = until - now()
        if (left > 0) return Promise.resolve(Gcra.retryAfter(left / 1000))
        refusedUntil.delete(key)
      }
      return new Promise<number>((resolve, reject) => {
        let batch = queued.get(key)
        if (!batch) {
          batch = { rule, waiters: [] }
          queued.set(key, batch)
        }
        batch.waiters.push({ resolve, reject })
        if (!inFlight.has(key)) void drain(key)
      })
    },
    close: () => backend.close(),
  }
}
