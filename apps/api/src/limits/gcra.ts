// The rate-limit arithmetic every limit store shares: GCRA (the generic cell rate algorithm), a token
// bucket kept as one number per key, the time at which the bucket is full again (the "theoretical
// arrival time", tat). Each token moves tat one interval (1 / refillPerSecond) into the future; a take
// is refused when that would put tat more than `capacity` intervals ahead of now. The in-process store
// runs this function; the PostgreSQL statement (postgres.ts) and the Redis script (redis.ts) are the
// same arithmetic, so one key keeps one row (or one string) and a take is one atomic update.

export type Rule = {
  /** Burst size: takes allowed at once on a full bucket. */
  capacity: number
  /** Tokens added back per second. */
  refillPerSecond: number
}

export type Grant = {
  /** Tokens granted, 0..count. */
  granted: number
  /** Seconds, after this take, until one more token is free (0 when one is free now). */
  waitSeconds: number
}

// Floating-point slack: (tolerance - ahead) / interval is an integer more often than floats say.
const epsilon = 1e-9

/** Takes up to `count` tokens at `nowMs` from a bucket whose tat is `tatMs` (0 for a new key). */
export function take(tatMs: number, nowMs: number, rule: Rule, count: number): Grant & { tatMs: number } {
  const interval = 1000 / rule.refillPerSecond
  const tolerance = rule.capacity * interval
  const base = Math.max(tatMs, nowMs)
  const fits = Math.floor((tolerance - (base - nowMs)) / interval + epsilon)
  const granted = Math.max(0, Math.min(count, fits))
  const next = base + granted * interval
  return { granted, tatMs: next, waitSeconds: Math.max(0, next - nowMs + interval - tolerance) / 1000 }
}

/** The Retry-After answer for a refused take: whole seconds, at least 1. */
export function retryAfter(waitSeconds: number): number {
  return Math.max(1, Math.ceil(waitSeconds - 1e-6))
}
