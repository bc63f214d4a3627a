// Sign-in sessions (/v1/sessions): a single-use nonce bound to a project and the host origin,
// the signed session stored once `verifySession` holds (the same check a host's backend runs), read
// back by id, and revoked by the frame that created it.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import {
  CreatedSession,
  CreateSessionRequest,
  parseNetworkId,
  RevokedSession,
  RevokeSessionRequest,
  revocationMessage,
  SdkQuery,
  SessionId,
  SessionNonce,
  SessionNonceRequest,
  SessionRecord,
} from '@walletframe/protocol'
import { SessionVerificationError, verifySession } from '@walletframe/sdk/server'
import { createPublicClient, custom } from 'viem'
import { z } from 'zod'
import * as SignIn from '../db/signIn.js'
import {
  causedBy,
  fromChainFailure,
  InvalidRequestError,
  InvalidSignatureError,
  NetworkNotSupportedError,
  OriginNotAllowedError,
  RpcResponseError,
  SessionNotFoundError,
  SignInRejectedError,
  UpstreamError,
} from '../errors.js'
import { originAllowed, requireProject } from '../middleware/access.js'
import type { App, Deps, RouteDoc } from './Route.js'
import * as validate from './validate.js'

const IdPath = z.object({ id: SessionId })

export const docs: RouteDoc[] = [
  {
    method: 'post',
    path: '/v1/sessions/nonce',
    summary: 'A single-use sign-in nonce for the project and a host origin it allows',
    query: SdkQuery,
    body: SessionNonceRequest,
    response: SessionNonce,
    errors: [400, 401, 403, 413, 429],
  },
  {
    method: 'post',
    path: '/v1/sessions',
    summary:
      'Store a signed sign-in session (SIWE or SIWS): its nonce is spent, its domain and URI are the ' +
      "nonce's origin, its signature the account's (EOA, ERC-1271, ERC-6492, ed25519)",
    query: SdkQuery,
    body: CreateSessionRequest,
    response: CreatedSession,
    errors: [400, 401, 403, 413, 429, 502],
  },
  {
    method: 'get',
    path: '/v1/sessions/{id}',
    summary: "A stored sign-in session's account, nonce and status (active, expired, revoked)",
    params: IdPath,
    query: SdkQuery,
    response: SessionRecord,
    errors: [400, 401, 403, 404, 429],
  },
  {
    method: 'post',
    path: '/v1/sessions/{id}/revoke',
    summary:
      "Revoke a sign-in session: pci is its id, signature the MAC made with the session's revocation key",
    params: IdPath,
    query: SdkQuery,
    body: RevokeSessionRequest,
    response: RevokedSession,
    errors: [400, 401, 403, 404, 413, 429],
  },
]

export function register(app: App, deps: Deps): void {
  const { nonceTtlSeconds } = deps.config.options.signIn

  /** The body's host origin, if the project allows it (the frame's own origin never signs in). */
  function allowedOrigin(project: { allowedOrigins: string[] }, origin: string): string {
    if (!originAllowed(project, origin, deps.config.options)) throw new OriginNotAllowedError()
    return origin
  }

  app.post('/v1/sessions/nonce', requireProject(deps, { from: 'query' }), async (c) => {
    validate.query(c, SdkQuery)
    const body = validate.body(await validate.json(c, 4 * 1024), SessionNonceRequest)
    const project = c.get('project')
    const origin = allowedOrigin(project, body.origin)
    const now = new Date()
    const nonce = randomBytes(16).toString('hex')
    const expiresAt = new Date(now.getTime() + nonceTtlSeconds * 1000)
    await SignIn.insertNonce(deps.db, { nonce, projectId: project.id, origin, expiresAt })
    // Spent and unspent nonces alike are useless once expired; a request now and then sweeps them.
    if (Math.random() < 0.01) await SignIn.pruneNonces(deps.db, now)
    return c.json({ nonce, expiresAt: expiresAt.toISOString() } satisfies SessionNonce)
  })

  app.post('/v1/sessions', requireProject(deps, { from: 'query' }), async (c) => {
    validate.query(c, SdkQuery)
    const body = validate.body(await validate.json(c, 64 * 1024), CreateSessionRequest)
    const project = c.get('project')
    const origin = allowedOrigin(project, body.origin)
    const { session } = body
    const chainId = session.data.chainId
    const now = new Date()
    let verified: Awaited<ReturnType<typeof verifySession>>
    try {
      verified = await verifySession(session, {
        domain: new URL(origin).host,
        uri: origin,
        now: () => now,
        nonceCheck: (nonce) => SignIn.spendNonce(deps.db, nonce, { projectId: project.id, origin, now }),
        ...(parseNetworkId(chainId).namespace === 'eip155' ? { publicClient: evmClient(chainId) } : {}),
      })
    } catch (error) {
      if (error instanceof SessionVerificationError) {
        if (error.code === 'MALFORMED') throw new InvalidRequestError(error.message, 'session')
        throw new SignInRejectedError(error.code, error.message)
      }
      if (causedBy(error, UpstreamError) || causedBy(error, RpcResponseError))
        throw fromChainFailure(chainId, error, 'signature check failed', 'session.signature')
      throw error
    }
    const id = randomBytes(16).toString('base64url')
    const revocationKey = randomBytes(32).toString('hex')
    await SignIn.insertSession(deps.db, {
      id,
      projectId: project.id,
      origin,
      chainId: verified.chainId,
      address: verified.address,
      domain: verified.domain,
      uri: session.data.uri,
      nonce: verified.nonce,
      message: session.message,
      signature: session.signature,
      cacao: session.cacao ?? null,
      issuedAt: verified.issuedAt,
      expiresAt: verified.expirationTime ?? null,
      revocationKey,
    })
    return c.json({ id, revocationKey } satisfies CreatedSession)
  })

  app.get('/v1/sessions/:id', requireProject(deps, { from: 'query' }), async (c) => {
    validate.query(c, SdkQuery)
    const { id } = validate.params(c, IdPath)
    const row = await SignIn.session(deps.db, id)
    // Another project's session is no more this project's to read than one that does not exist.
    if (!row || row.projectId !== c.get('project').id) throw new SessionNotFoundError()
    return c.json(toRecord(row, new Date()) satisfies SessionRecord)
  })

  app.post('/v1/sessions/:id/revoke', requireProject(deps, { from: 'query' }), async (c) => {
    validate.query(c, SdkQuery)
    const { id } = validate.params(c, IdPath)
    const body = validate.body(await validate.json(c, 4 * 1024), RevokeSessionRequest)
    if (body.pci !== id)
      throw new InvalidRequestError('Invalid body.pci: not the session in the path', 'body.pci')
    const row = await SignIn.session(deps.db, id)
    if (!row || row.projectId !== c.get('project').id) throw new SessionNotFoundError()
    const expected = createHmac('sha256', Buffer.from(row.revocationKey, 'hex'))
      .update(revocationMessage(id))
      .digest()
    const given = Buffer.from(body.signature.replace(/^0x/, ''), 'hex')
    if (!timingSafeEqual(expected, given)) throw new InvalidSignatureError()
    await SignIn.revoke(deps.db, id, new Date())
    return c.json({ id, status: 'revoked' } satisfies RevokedSession)
  })

  /** A viem client on the API's own node of `chainId` (the API never calls a node a caller names). */
  function evmClient(chainId: string) {
    const entry = deps.networks.get(chainId)
    if (entry?.network.chainNamespace !== 'eip155')
      throw new NetworkNotSupportedError(
        `Sign-in on ${chainId} is not supported: this API serves no such network`,
      )
    return createPublicClient({
      transport: custom({ request: ({ method, params }) => entry.upstream.request(method, params) }),
      // A signature may carry a CCIP-read URL; the API must not fetch where a caller points it.
      ccipRead: false,
    })
  }
}

function toRecord(row: SignIn.SessionRow, now: Date): SessionRecord {
  const status = row.revokedAt
    ? 'revoked'
    : row.expiresAt && row.expiresAt.getTime() <= now.getTime()
      ? 'expired'
      : 'active'
  return {
    id: row.id,
    status,
    address: row.address,
    chainId: row.chainId,
    domain: row.domain,
    uri: row.uri,
    nonce: row.nonce,
    issuedAt: row.issuedAt.toISOString(),
    ...(row.expiresAt ? { expiresAt: row.expiresAt.toISOString() } : {}),
    ...(row.revokedAt ? { revokedAt: row.revokedAt.toISOString() } : {}),
  }
}
