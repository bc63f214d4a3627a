// Storage kept by the host page when the frame's own is blocked: the SDK hands its copy over in
// `host:init` (`persisted`) and stores each new copy the frame sends (`persist` event). Only
// non-secret connector state goes here — the host page drives the provider already, so it learns
// nothing it could not do itself. Secrets of the embedded wallet never use this storage.
import * as z from 'zod/mini'
import { memory, type Storage } from './Storage.js'

/** The blob's shape: string values by key. Anything else from the host is ignored. */
const Blob = z.record(z.string().check(z.maxLength(512)), z.string())

export type HostMirror = Storage & {
  /** Replaces the contents with the host's copy (a re-handshake brings the same copy again). */
  load(blob: string | undefined): void
  /** Called with the whole new copy after writes, batched per task; null when empty. */
  onPersist(listener: (blob: string | null) => void): () => void
  /**
   * Hands a pending copy to the listeners now, not at the end of the task: before the frame tells the
   * host of a change (connected, disconnected), the host must hold the copy that change wrote, or a
   * reload on hearing the news restores the state before it.
   */
  flush(): void
}

export function create(schedule: (flush: () => void) => void = (flush) => setTimeout(flush, 0)): HostMirror {
  let store = memory()
  const listeners = new Set<(blob: string | null) => void>()
  let scheduled = false

  function flush() {
    if (!scheduled) return
    scheduled = false
    const keys = store.keys()
    const blob =
      keys.length === 0
        ? null
        : JSON.stringify(Object.fromEntries(keys.map((key) => [key, store.getItem(key) as string])))
    for (const listener of listeners) listener(blob)
  }

  function changed() {
    if (scheduled) return
    scheduled = true
    // A flush in between has handed the copy over already: the scheduled one then finds nothing to do.
    schedule(flush)
  }

  return {
    getItem: (key) => store.getItem(key),
    setItem(key, value) {
      if (store.getItem(key) === value) return
      store.setItem(key, value)
      changed()
    },
    removeItem(key) {
      if (store.getItem(key) === null) return
      store.removeItem(key)
      changed()
    },
    keys: () => store.keys(),
    load(blob) {
      let entries: [string, string][] = []
      if (blob) {
        try {
          const parsed = Blob.safeParse(JSON.parse(blob))
          if (parsed.success) entries = Object.entries(parsed.data)
        } catch {
          // Not a copy this frame wrote: start empty rather than fail the handshake.
        }
      }
      store = memory(entries)
    },
    onPersist(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    flush,
  }
}
