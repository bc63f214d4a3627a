// The servers a worker shares among its specs (devnets, APIs, the relay, the on-ramp's switch): each
// started the first time a test asks for it and kept for the worker's later tests, under a key that
// names everything configuring it. The worker itself (Node, Chromium) is then started once per storage
// regime instead of once per kind of spec: a spec asks for what it needs through test-scoped options,
// which leave the worker's identity alone.
export type Services = {
  /**
   * The service under `key`, started by `start` on first use; `stop` runs when the worker ends.
   * Two tests asking for one key at once share one start.
   */
  get<T>(key: string, start: () => Promise<T>, stop: (service: T) => Promise<void>): Promise<T>
  /** Stops every service started, the last started first (an API before the devnets it reads). */
  close(): Promise<void>
}

export function create(): Services {
  const started = new Map<string, Promise<unknown>>()
  const stops: (() => Promise<void>)[] = []
  return {
    get<T>(key: string, start: () => Promise<T>, stop: (service: T) => Promise<void>) {
      const known = started.get(key)
      if (known) return known as Promise<T>
      const starting = start().then((service) => {
        stops.push(() => stop(service))
        return service
      })
      // A failed start is not kept: the next test that asks tries again.
      starting.catch(() => started.delete(key))
      started.set(key, starting)
      return starting
    },
    async close() {
      for (const stop of stops.reverse()) await stop()
      stops.length = 0
      started.clear()
    },
  }
}

/**
 * The fixtures that start services get a time of their own: the first test of a kind starts its devnets
 * and API (seconds on a quiet machine, far more on a loaded one), which is not the test's time.
 */
export const serviceStartTimeout = 120_000
