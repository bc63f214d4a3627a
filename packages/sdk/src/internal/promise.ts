// Promise helpers for the rule that nothing the SDK starts may become an unhandled rejection.

/**
 * Marks a promise as handled and returns it unchanged: a caller that awaits it still sees the
 * rejection, a caller that ignores it does not get an `unhandledrejection` in the host page.
 */
export function handled<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {})
  return promise
}
