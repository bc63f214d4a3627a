// The balance retry block: a failed balance fetch records the retry time, and a fetch within 30 s of
// it returns empty instead of calling again. Kept apart from the query so the frame's boot creates
// one without loading the query library.

export const retryBlockMs = 30_000

export type RetryBlock = {
  /** Whether a fetch now falls within `retryBlockMs` of the last failure. */
  blocked(): boolean
  failed(): void
}

export function retryBlock(now: () => number = Date.now): RetryBlock {
  let lastRetry: number | undefined
  return {
    blocked: () => lastRetry !== undefined && now() - lastRetry < retryBlockMs,
    failed() {
      lastRetry = now()
    },
  }
}
