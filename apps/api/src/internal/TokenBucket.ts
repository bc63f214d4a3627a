// Token-bucket rate limiting per key (project id or client IP), in process. Each API process limits
// on its own, so N processes behind a balancer admit up to N times the configured rate; exact global
// limits need a shared store (e.g. Redis or a Postgres counter), which this deliberately avoids.

export type Limiter = {
  /** Takes one token; returns 0 when admitted, else the seconds to wait before retrying. */
  take(key: string): number
}

export function create(options: {
  capacity: number
  refillPerSecond: number
  /** Keys remembered at most; the least recently seen are forgotten (they start full again). */
  maxKeys?: number
  now?: () => number
}): Limiter {
  const { capacity, refillPerSecond, maxKeys = 100_000, now = Date.now } = options
  const buckets = new Map<string, { tokens: number; at: number }>()
  return {
    take(key) {
      const t = now()
      let bucket = buckets.get(key)
      if (bucket) {
        buckets.delete(key)
        bucket.tokens = Math.min(capacity, bucket.tokens + ((t - bucket.at) / 1000) * refillPerSecond)
        bucket.at = t
      } else {
        bucket = { tokens: capacity, at: t }
      }
      buckets.set(key, bucket)
      if (buckets.size > maxKeys) {
        const oldest = buckets.keys().next().value
        if (oldest !== undefined) buckets.delete(oldest)
      }
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1
        return 0
      }
      return Math.max(1, Math.ceil((1 - bucket.tokens) / refillPerSecond))
    },
  }
}
