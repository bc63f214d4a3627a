// A minimal external store: state snapshots and change listeners. One per concern (modal,
// connection, networks, toasts, theme…); React reads them through `useStore` (components/).
export type ReadableStore<T> = {
  get(): T
  subscribe(listener: (state: T, previous: T) => void): () => void
}

export type Store<T> = ReadableStore<T> & {
  set(next: T | ((previous: T) => T)): void
}

/** While `batch` runs: per store changed in it, how to tell its listeners once it ends. */
let held: Map<object, () => void> | undefined

/**
 * Runs `update`, then tells each store's listeners once, from the state the store had before it.
 * A change that spans stores (a connection and the network it is on) must reach a listener that
 * reads several of them as one: between two `set`s it would see a state that never existed (the
 * new account on the old network). Batches nest: the outermost one notifies.
 */
export function batch(update: () => void): void {
  if (held) {
    update()
    return
  }
  const pending = new Map<object, () => void>()
  held = pending
  try {
    update()
  } finally {
    held = undefined
    for (const notify of pending.values()) notify()
  }
}

export function create<T>(initial: T): Store<T> {
  let state = initial
  const listeners = new Set<(state: T, previous: T) => void>()
  const notify = (previous: T) => {
    // A batch may have set the state back to what it was.
    if (Object.is(state, previous)) return
    for (const listener of listeners) listener(state, previous)
  }
  const store: Store<T> = {
    get: () => state,
    set(next) {
      const previous = state
      state = typeof next === 'function' ? (next as (previous: T) => T)(previous) : next
      if (Object.is(state, previous)) return
      if (!held) notify(previous)
      else if (!held.has(store)) held.set(store, () => notify(previous))
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
  return store
}

/** A store that never changes, for optional capabilities a view reads unconditionally. */
export function constant<T>(value: T): ReadableStore<T> {
  return { get: () => value, subscribe: () => () => {} }
}
