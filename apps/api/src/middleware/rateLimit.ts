// Per-IP rate limit in front of everything (before any database lookup). The per-project limit is
// applied once the project is known (access.ts).
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context, MiddlewareHandler } from 'hono'
import { RateLimitedError } from '../errors.js'
import type { Deps, Env } from '../routes/Route.js'

export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim()
    if (forwarded) return forwarded
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    // app.request() in tests has no socket.
    return 'unknown'
  }
}

export function perIp(deps: Deps): MiddlewareHandler<Env> {
  return async (c, next) => {
    const wait = deps.limits.perIp.take(clientIp(c, deps.config.options.trustProxy))
    if (wait > 0) throw new RateLimitedError(wait, 'ip')
    await next()
  }
}
