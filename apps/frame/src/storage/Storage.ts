// The one way to storage in the frame. A third-party iframe gets the frame origin's storage
// partitioned per host site, or none at all (README.md, "Storage regimes"): `localStorage` then
// throws "Access is denied for this document". Nothing here throws for that; boot never depends on it.

/** Synchronous key-value storage; every implementation survives a browser that refuses storage. */
export type Storage = {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
  /** Every key held, for adapters that list (WalletConnect's key-value storage). */
  keys(): string[]
}

/** Where a storage keeps its data. */
export type Regime =
  /** The frame origin's own storage (first-party, or partitioned per host site: the browser decides). */
  | 'frame'
  /** The frame's storage is blocked; non-secret state is kept by the SDK in the host page's storage. */
  | 'host'
  /** Nothing survives a reload. */
  | 'memory'

/** The frame origin's localStorage if this document may use it, else undefined. */
export function probe(window: { readonly localStorage: globalThis.Storage }): globalThis.Storage | undefined {
  try {
    // Reading the property itself throws a SecurityError when third-party storage is blocked.
    const local = window.localStorage
    const key = 'walletframe:probe'
    local.setItem(key, '1')
    local.removeItem(key)
    return local
  } catch {
    return undefined
  }
}

/** A storage over Web Storage. A failed write (quota, storage revoked mid-session) keeps the value in memory. */
export function fromWebStorage(local: globalThis.Storage): Storage {
  const fallback = memory()
  return {
    getItem(key) {
      // Memory first: it holds only what a failed write left there, which is newer than the disk.
      try {
        return fallback.getItem(key) ?? local.getItem(key)
      } catch {
        return fallback.getItem(key)
      }
    },
    setItem(key, value) {
      try {
        local.setItem(key, value)
        fallback.removeItem(key)
      } catch {
        fallback.setItem(key, value)
      }
    },
    removeItem(key) {
      fallback.removeItem(key)
      try {
        local.removeItem(key)
      } catch {
        // Nothing to remove from a storage that cannot be reached.
      }
    },
    keys() {
      try {
        const keys = new Set(fallback.keys())
        for (let index = 0; index < local.length; index++) {
          const key = local.key(index)
          if (key !== null) keys.add(key)
        }
        return [...keys]
      } catch {
        return fallback.keys()
      }
    },
  }
}

export function memory(initial?: Iterable<[string, string]>): Storage {
  const map = new Map<string, string>(initial)
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
    keys: () => [...map.keys()],
  }
}

/** Keys under `prefix`, seen as a storage of their own (one area per concern or per project). */
export function scoped(storage: Storage, prefix: string): Storage {
  return {
    getItem: (key) => storage.getItem(prefix + key),
    setItem: (key, value) => storage.setItem(prefix + key, value),
    removeItem: (key) => storage.removeItem(prefix + key),
    keys: () =>
      storage
        .keys()
        .filter((key) => key.startsWith(prefix))
        .map((key) => key.slice(prefix.length)),
  }
}

/** JSON read that treats a missing, unreadable or foreign value as absent. */
export function readJson(storage: Pick<Storage, 'getItem'>, key: string): unknown {
  const raw = storage.getItem(key)
  if (raw === null) return undefined
  try {
    return JSON.parse(raw)
  } catch {
    return undefined
  }
}
