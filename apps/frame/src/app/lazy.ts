// A capability that loads on first need (a chunk, a client): loaded once and shared by every caller.
// A failed load is forgotten, so a chunk that did not arrive is tried again on the next need.

export type Lazy<T> = {
  /** The value, loading it on the first call. */
  (): Promise<T>
  /** The value once loaded, without starting a load. */
  current(): T | undefined
  /** Forgets the value (or the load under way): the next call loads again. */
  reset(): void
}

export function lazy<T>(load: () => Promise<T>): Lazy<T> {
  let loading: Promise<T> | undefined
  let loaded: { readonly value: T } | undefined
  const get = () => {
    if (loading) return loading
    // A load that throws at once fails like one that rejects.
    const attempt = new Promise<T>((resolve) => resolve(load())).then((value) => {
      if (loading === attempt) loaded = { value }
      return value
    })
    loading = attempt
    // Only this attempt is forgotten: a reset may have started another one meanwhile.
    attempt.catch(() => {
      if (loading === attempt) loading = undefined
    })
    return attempt
  }
  return Object.assign(get, {
    current: () => loaded?.value,
    reset() {
      loading = undefined
      loaded = undefined
    },
  })
}
