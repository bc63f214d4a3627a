// Sessions of the embedded wallet: a short-lived access token (HS256 JWT, checked against the session
// row so sign-out takes effect at once) and a single-use refresh token that only the device key can
// spend. A refresh token presented twice means it leaked: the whole session is revoked, unless the
// second time comes from the same device key within a few seconds of the first (a frame that
// refreshed twice at once, from two tabs or a retry, must not sign its user out).
import type {
  AuthProvider,
  AuthTokens,
  AuthUser,
  DevicePublicKey,
  RefreshRequest,
} from '@walletframe/protocol'
import { jwtVerify, SignJWT } from 'jose'
import type { Db } from '../db/Database.js'
import * as DeviceKey from './deviceKey.js'
import { RefreshRejectedError, UnauthenticatedError } from './errors.js'
import { digest, type Keys, newId, newToken } from './secrets.js'
import * as Store from './store.js'

/** How far a refresh signature's timestamp may be from the server's clock. */
export const refreshWindowMs = 5 * 60_000

/**
 * How long after its first use a refresh token signed by its device key again still answers: long
 * enough for concurrent refreshes of one frame, short enough that reuse detection still ends a
 * session whose token and key both leaked and were used later.
 */
export const refreshGraceMs = 20_000

const issuer = 'walletframe-api'
const audience = 'walletframe-frame'

export type Context = {
  db: Db
  keys: Keys
  accessTokenTtlSeconds: number
  sessionTtlSeconds: number
  now?: () => Date
}

async function issue(
  context: Context,
  session: Pick<Store.Session, 'id' | 'userId' | 'authProvider' | 'expiresAt'>,
  refreshToken: string,
): Promise<AuthTokens> {
  const now = context.now?.() ?? new Date()
  const expires = new Date(now.getTime() + context.accessTokenTtlSeconds * 1000)
  const accessToken = await new SignJWT({ sid: session.id, ap: session.authProvider })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(session.userId)
    .setIssuer(issuer)
    .setAudience(audience)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(expires.getTime() / 1000))
    .sign(context.keys.accessToken)
  return {
    tokenType: 'Bearer',
    accessToken,
    accessTokenExpiresAt: expires.toISOString(),
    refreshToken,
    refreshTokenExpiresAt: session.expiresAt.toISOString(),
  }
}

/** Opens a session for a completed login, bound to the device key the login started with. */
export async function create(
  context: Context,
  input: {
    userId: string
    authProvider: AuthProvider
    deviceKey: DevicePublicKey
    /** The login itself passed the user's second factor (see passkey.ts). */
    factorPassed?: boolean
  },
): Promise<AuthTokens> {
  const now = context.now?.() ?? new Date()
  const session = {
    id: newId(),
    userId: input.userId,
    authProvider: input.authProvider,
    deviceKey: input.deviceKey,
    ...(input.factorPassed ? { secondFactorAt: now } : {}),
    expiresAt: new Date(now.getTime() + context.sessionTtlSeconds * 1000),
  }
  const refreshToken = newToken()
  await Store.insertSession(context.db, session, digest(refreshToken))
  return issue(context, session, refreshToken)
}

/** Spends a refresh token signed by the session's device key; answers the next pair. */
export async function refresh(context: Context, request: RefreshRequest): Promise<AuthTokens> {
  const now = context.now?.() ?? new Date()
  if (Math.abs(now.getTime() - request.timestamp) > refreshWindowMs) {
    throw new RefreshRejectedError(
      `the signed timestamp is more than ${refreshWindowMs / 60_000} minutes from the server's time`,
    )
  }
  const tokenHash = digest(request.refreshToken)
  const token = await Store.refreshToken(context.db, tokenHash)
  if (!token) throw new RefreshRejectedError('unknown refresh token')
  const session = await Store.session(context.db, token.sessionId)
  if (!session || !Store.live(session, now)) throw new RefreshRejectedError('the session has ended')
  // The signature first: someone holding a stolen token but not the key must not be able to revoke
  // the victim's session by replaying it.
  const signed = await DeviceKey.verifyRefresh(
    session.deviceKey,
    request.refreshToken,
    request.timestamp,
    request.signature,
  )
  if (!signed) throw new RefreshRejectedError('the signature is not the device key’s')
  if (token.usedAt !== null || !(await Store.useRefreshToken(context.db, tokenHash, now))) {
    // Lost a race, or came second: when it was first used tells a concurrent refresh from a reuse.
    const usedAt = token.usedAt ?? (await Store.refreshToken(context.db, tokenHash))?.usedAt
    if (!usedAt || now.getTime() - usedAt.getTime() > refreshGraceMs) {
      await Store.revokeSession(context.db, session.id)
      throw new RefreshRejectedError('this refresh token was used before, so the session was ended')
    }
  }
  const next = newToken()
  await Store.addRefreshToken(context.db, session.id, digest(next))
  return issue(context, session, next)
}

export type Authenticated = { session: Store.Session; user: Store.User }

/** The live session behind an `Authorization: Bearer` header. */
export async function authenticate(context: Context, header: string | undefined): Promise<Authenticated> {
  const token = /^Bearer ([A-Za-z0-9._-]{1,4096})$/.exec(header ?? '')?.[1]
  if (!token) throw new UnauthenticatedError()
  let sessionId: unknown
  try {
    const { payload } = await jwtVerify(token, context.keys.accessToken, {
      issuer,
      audience,
      algorithms: ['HS256'],
      ...(context.now ? { currentDate: context.now() } : {}),
    })
    sessionId = payload.sid
  } catch {
    throw new UnauthenticatedError('The access token is invalid or expired; refresh the session')
  }
  const session = typeof sessionId === 'string' ? await Store.session(context.db, sessionId) : undefined
  if (!session || !Store.live(session, context.now?.() ?? new Date())) {
    throw new UnauthenticatedError('The session has ended; sign in again')
  }
  const user = await Store.user(context.db, session.userId)
  if (!user) throw new UnauthenticatedError('The session has ended; sign in again')
  return { session, user }
}

/** Sign-out: the session and every refresh token of it stop working. */
export async function revoke(context: Context, sessionId: string): Promise<void> {
  await Store.revokeSession(context.db, sessionId)
}

/** The user as the frame shows them. */
export async function describe(db: Db, user: Store.User, authProvider: string): Promise<AuthUser> {
  const provider = authProvider as AuthProvider
  const userName = provider === 'email' ? undefined : await Store.userName(db, user.id, provider)
  return {
    id: user.id,
    ...(user.email ? { email: user.email } : {}),
    authProvider: provider,
    ...(userName ? { userName } : {}),
  }
}
