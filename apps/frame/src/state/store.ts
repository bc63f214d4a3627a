// A minimal external store: state snapshots, subscribe, and a React hook over
// useSyncExternalStore. One per concern (modal, account, network, toast, theme).
import { useSyncExternalStore } from 'react'

export type Store<T> = {
  get(): T
  set(next: T | ((previous: T) => T)): void
  subscribe(listener: (state: T, previous: T) => void): () => void
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

export function useStore<T>(store: Pick<Store<T>, 'get' | 'subscribe'>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get)
}
