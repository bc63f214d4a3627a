// A minimal external store: state snapshots and change listeners. One per concern (modal,
// connection, networks, toasts, theme…); React reads them through `useStore` (components/).
export type ReadableStore<T> = {
  get(): T
  subscribe(listener: (state: T, previous: T) => void): () => void
}

export type Store<T> = ReadableStore<T> & {
  set(next: T | ((previous: T) => T)): void
}

export function create<T>(initial: T): Store<T> {
  let state = initial
  const listeners = new Set<(state: T, previous: T) => void>()
  return {
    get: () => state,
    set(next) {
      const previous = state
      state = typeof next === 'function' ? (next as (previous: T) => T)(previous) : next
      if (Object.is(state, previous)) return
      for (const listener of listeners) listener(state, previous)
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

/** A store that never changes, for optional capabilities a view reads unconditionally. */
export function constant<T>(value: T): ReadableStore<T> {
  return { get: () => value, subscribe: () => () => {} }
}
