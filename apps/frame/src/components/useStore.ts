// Reads a store in a component and re-renders on change (React's external-store contract).
import { useSyncExternalStore } from 'react'
import type { ReadableStore } from '../lib/store.js'

export function useStore<T>(store: ReadableStore<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get)
}
