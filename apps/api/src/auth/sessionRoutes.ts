// The session's routes under /v1/auth: refresh with the device key, sign-out, and the signed-in user.
import { AuthSignedOut, AuthTokens, AuthUser, RefreshRequest, SdkQuery } from '@walletframe/protocol'
import { Hono } from 'hono'
import type { Env, RouteDoc } from '../routes/Route.js'
import * as validate from '../routes/validate.js'
import { authErrors, type RouteContext } from './routeContext.js'
import * as Sessions from './sessions.js'

export const docs: RouteDoc[] = [
  {
    method: 'post',
    path: '/v1/auth/session/refresh',
    summary:
      'New tokens for a refresh token signed by the device key (ECDSA P-256 over refreshSigningInput); a used token again ' +
      'revokes the session, unless signed by the same key within 20 s of its first use (concurrent refreshes)',
    query: SdkQuery,
    body: RefreshRequest,
    response: AuthTokens,
    errors: [...authErrors, 413],
  },
  {
    method: 'post',
    path: '/v1/auth/session/revoke',
    summary: 'Sign out (Bearer): the session and its refresh tokens stop working',
    query: SdkQuery,
    response: AuthSignedOut,
    errors: authErrors,
  },
  {
    method: 'get',
    path: '/v1/auth/me',
    summary: 'The signed-in user (Bearer)',
    query: SdkQuery,
    response: AuthUser,
    errors: authErrors,
  },
]

/** The routes, to mount at /v1/auth. */
export function routes(context: RouteContext): Hono<Env> {
  const { project, read } = context
  const app = new Hono<Env>()

  app.post('/session/refresh', project, async (c) => {
    const body = await read(c, RefreshRequest)
    return c.json((await Sessions.refresh(context.sessions(), body)) satisfies AuthTokens)
  })

  app.post('/session/revoke', project, async (c) => {
    validate.query(c, SdkQuery)
    const sessions = context.sessions()
    const { session } = await Sessions.authenticate(sessions, c.req.header('authorization'))
    await Sessions.revoke(sessions, session.id)
    return c.json({ revoked: true } satisfies AuthSignedOut)
  })

  app.get('/me', project, async (c) => {
    validate.query(c, SdkQuery)
    const sessions = context.sessions()
    const { session, user } = await Sessions.authenticate(sessions, c.req.header('authorization'))
    return c.json((await Sessions.describe(sessions.db, user, session.authProvider)) satisfies AuthUser)
  })

  return app
}
