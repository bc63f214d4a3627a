// Wakes the requests held on a login attempt (GET /v1/auth/attempts/{id}?wait=1) the moment this
// process changes the attempt, so the frame hears a finished login at once instead of at its next
// look. Another process's change reaches a held request when the request reads the row again.
const waiting = new Map<string, Set<() => void>>()

/** The attempt `id` changed in this process (store.ts calls it on every update that took). */
export function changed(id: string): void {
  for (const wake of waiting.get(id) ?? []) wake()
}

/** Resolves when `id` changes here, after `ms`, or when `signal` aborts, whichever comes first. */
export function next(id: string, ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      const set = waiting.get(id)
      set?.delete(done)
      if (set?.size === 0) waiting.delete(id)
      resolve()
    }
    const timer = setTimeout(done, ms)
    signal.addEventListener('abort', done, { once: true })
    if (signal.aborted) return done()
    const set = waiting.get(id) ?? new Set()
    waiting.set(id, set)
    set.add(done)
  })
}

/** How many waits are registered (tests check that nothing is left behind). */
export function pending(): number {
  let count = 0
  for (const set of waiting.values()) count += set.size
  return count
}
