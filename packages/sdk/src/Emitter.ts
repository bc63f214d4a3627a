// A listener set for the SDK's subscriptions and the provider's events.
export type Emitter<T> = {
  /** Adds a listener; returns the function that removes it. */
  on(listener: (value: T) => void): () => void
  off(listener: (value: T) => void): void
  emit(value: T): void
}

export function create<T>(): Emitter<T> {
  const listeners = new Set<(value: T) => void>()
  return {
    on(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    off(listener) {
      listeners.delete(listener)
    },
    emit(value) {
      for (const listener of [...listeners])
        try {
          listener(value)
        } catch (error) {
          // A host listener that throws must not stop the others, nor the channel that called emit.
          console.error(error)
        }
    },
  }
}
