// Per-IP rate limit in front of everything, before the project lookup. Its state is shared by the API
// processes (limits/LimitStore.ts): at most one round trip per request, and none for a client refused a
// moment ago, so a flood from one address stops here cheaply. The per-project limit is applied once the
// project is known (access.ts).
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context, MiddlewareHandler } from 'hono'
import type { Deps, Env } from '../Deps.js'
import { RateLimitedError } from '../errors.js'

export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    // The last entry is the one the proxy added; earlier ones are whatever the client sent, and a
    // client choosing its own key would step around the limit (and grow the shared store at will).
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim()
    if (forwarded) return forwarded.slice(0, 64)
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
    const wait = await deps.limits.perIp.take(clientIp(c, deps.config.options.trustProxy))
    if (wait > 0) throw new RateLimitedError(wait, 'ip')
    await next()
  }
}
