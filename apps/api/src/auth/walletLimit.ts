// The per-IP limit in front of /v1/auth/wallet/*: the calls that release a user's auth share. Each is
// guarded by a session and a device-key proof; the limit sheds a client that keeps guessing at either,
// before any token or signature is checked. It lives in the shared LimitStore (PostgreSQL or Redis
// behind several API processes), so every process counts against one bucket per address.
import type { MiddlewareHandler } from 'hono'
import { RateLimitedError } from '../errors.js'
import type { LimitStore, Rule } from '../limits/LimitStore.js'
import { clientIp } from '../middleware/rateLimit.js'

/** The store key prefix: one bucket per client IP for every wallet call. */
export const keyPrefix = 'auth-wallet-ip'

/** 429 RATE_LIMITED (with Retry-After, as every RateLimitedError) naming the wallet calls. */
export class WalletRateLimitedError extends RateLimitedError {
  override name = 'WalletRateLimitedError'
  constructor(retryAfterSeconds: number) {
    super(retryAfterSeconds, 'ip')
    this.message = `Too many wallet requests from this IP address; retry after ${retryAfterSeconds} s`
  }
}

export declare namespace perIp {
  type Options = {
    /** The shared store. Fails closed: a store that cannot answer fails the call, as the login's limits do. */
    store: LimitStore
    rule: Rule
    /** Read the client's address from X-Forwarded-For's last entry (behind a proxy). */
    trustProxy: boolean
  }
}

/**
 * Middleware taking one token per call from the caller's IP bucket; refuses with WalletRateLimitedError.
 * It fails closed (a store error fails the call): it sheds guessing at tokens and device proofs, and
 * key shares are worth a moment's outage.
 */
export function perIp(options: perIp.Options): MiddlewareHandler {
  return async (c, next) => {
    const wait = await options.store.take(`${keyPrefix}:${clientIp(c, options.trustProxy)}`, options.rule)
    if (wait > 0) throw new WalletRateLimitedError(wait)
    await next()
  }
}
