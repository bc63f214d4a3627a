// A local stand-in for Farcaster's auth relay (Sign In With Farcaster), with its channel API:
//   POST /v1/channel                app: opens a channel -> 201 {channelToken, url, connectUri, nonce}
//   GET  /v1/channel/status         app (Bearer channelToken): 202 while pending, 200 once completed
//                                   (the completed answer is given once: the channel closes)
//   POST /v1/channel/authenticate   the Farcaster client (Bearer channelToken + X-Farcaster-Auth-Relay-Key):
//                                   the signed SIWF message and the fid's profile -> 201 the channel
// Shapes, codes and validation follow the real relay (farcasterxyz auth-monorepo apps/relay). Like the
// real one it does not verify signatures (the app does); it adds the fid's custody address, read from
// the IdRegistry on the chain it is given, and no verifications (there is no hub here).
// GET /connect?channelToken=… is a page where a person picks a fixture account and signs in, as the
// Farcaster app would after scanning the QR code.
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { generateSiweNonce } from 'viem/siwe'
import { z } from 'zod'
import { custodyOf } from './IdRegistry.js'
import { type FarcasterUser, farcasterUsers } from './users.js'

/** The relay key the Farcaster client presents on authenticate (the real relay's AUTH_KEY). */
export const relayAuthKey = 'walletframe-devstack-farcaster-relay-key'

/** Channels live this long, as the real relay's default CHANNEL_TTL. */
export const channelTtlMs = 3_600_000

// The real relay's JSON schemas (apps/relay/src/schemas.ts), additionalProperties false.
export const CreateChannelRequest = z.strictObject({
  siweUri: z.url(),
  domain: z.string().regex(/^[a-zA-Z0-9.-]+(:[0-9]+)?$/),
  nonce: z.string().optional(),
  notBefore: z.iso.datetime({ offset: true }).optional(),
  expirationTime: z.iso.datetime({ offset: true }).optional(),
  requestId: z.string().optional(),
  redirectUrl: z.string().optional(),
  acceptAuthAddress: z.boolean().optional(),
})
export type CreateChannelRequest = z.infer<typeof CreateChannelRequest>

export const AuthenticateRequest = z.strictObject({
  message: z.string(),
  signature: z.string().regex(/^0x[a-fA-F0-9]{130}$/),
  authMethod: z.enum(['custody', 'authAddress']).optional(),
  fid: z.number().int(),
  username: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,15}$|^[a-z0-9][a-z0-9-]{0,15}\.eth$/)
    .optional(),
  bio: z.string().optional(),
  displayName: z.string().optional(),
  pfpUrl: z.url().optional(),
})
export type AuthenticateRequest = z.infer<typeof AuthenticateRequest>

/** A channel as the relay keeps it (the real relay's RelaySession). */
export type Channel = {
  state: 'pending' | 'completed'
  nonce: string
  url: string
  connectUri: string
  message?: string
  signature?: string
  authMethod?: 'custody' | 'authAddress'
  fid?: number
  username?: string
  bio?: string
  displayName?: string
  pfpUrl?: string
  verifications?: string[]
  custody?: string
  signatureParams: CreateChannelRequest & { nonce: string }
  metadata: { ip: string; userAgent: string }
  acceptAuthAddress: boolean
}

/** The real relay refuses these domains (well-known SIWF phishing targets). */
const restrictedDomains = ['farcaster.xyz']

/** The real relay's channel tokens: 8 characters of an unambiguous alphabet. */
const tokenAlphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ'
function channelToken(): string {
  return [...randomBytes(8)].map((byte) => tokenAlphabet[byte % tokenAlphabet.length]).join('')
}

export declare namespace start {
  type Options = {
    /** An RPC URL of the chain that holds the IdRegistry (custody addresses are read there). */
    rpcUrl: string
    /** 0 (the default) picks a free port. */
    port?: number
    host?: '127.0.0.1'
    /** The channel URL's base (the real relay's URL_BASE); `?channelToken=…` is appended. */
    urlBase?: string
    /**
     * Signs a channel in as a fixture user: what the /connect page does when a person picks one. The
     * service passes the test client; without it the page only lists the users.
     */
    signIn?: (channelUrl: string, user: FarcasterUser) => Promise<void>
  }
  type ReturnType = {
    /** `http://127.0.0.1:PORT` (the relay base the auth client takes; the API adds /v1/…). */
    url: string
    /** The key the Farcaster client sends on authenticate. */
    authKey: string
    /** Channels open now (for diagnostics and tests). */
    channels: ReadonlyMap<string, Channel>
    stop(): Promise<void>
  }
}

class RelayHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, string>,
  ) {
    super(body.error)
  }
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

export async function start(options: start.Options): Promise<start.ReturnType> {
  const host = options.host ?? '127.0.0.1'
  const urlBase = options.urlBase ?? 'farcaster://connect'
  const channels = new Map<string, Channel & { expiresAt: number }>()
  let url = ''

  const server = createServer((request, response) => {
    // The real relay allows any origin (corsOrigin "*").
    response.setHeader('access-control-allow-origin', '*')
    handle(request, response).catch((error: unknown) => {
      if (response.headersSent) return
      if (error instanceof RelayHttpError) json(response, error.status, error.body)
      else json(response, 500, { error: (error as Error).message })
    })
  })

  function json(response: ServerResponse, status: number, body: unknown) {
    response
      .writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
      .end(JSON.stringify(body))
  }

  async function readBody(request: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = []
    let size = 0
    for await (const chunk of request) {
      size += (chunk as Buffer).length
      if (size > 64 * 1024) throw new RelayHttpError(413, { error: 'Request body is too large' })
      chunks.push(chunk as Buffer)
    }
    return Buffer.concat(chunks).toString('utf8')
  }

  async function readJson<S extends z.ZodType>(request: IncomingMessage, schema: S): Promise<z.infer<S>> {
    let value: unknown
    try {
      value = JSON.parse(await readBody(request))
    } catch {
      throw new RelayHttpError(400, { error: 'Validation error', message: 'body is not JSON' })
    }
    const parsed = schema.safeParse(value)
    if (!parsed.success) {
      const message = parsed.error.issues
        .map((issue) => `body${issue.path.length ? `/${issue.path.join('/')}` : ''} ${issue.message}`)
        .join(', ')
      throw new RelayHttpError(400, { error: 'Validation error', message })
    }
    return parsed.data
  }

  /** The channel a Bearer token names; 401 as the real relay answers for a missing or unknown one. */
  function channelOf(request: IncomingMessage): { token: string; channel: Channel & { expiresAt: number } } {
    const token = request.headers.authorization?.split(' ')[1]
    if (!token) throw new RelayHttpError(401, { error: 'Unauthorized' })
    const channel = channels.get(token)
    if (!channel || channel.expiresAt <= Date.now()) {
      channels.delete(token)
      throw new RelayHttpError(401, { error: 'Unauthorized' })
    }
    return { token, channel }
  }

  const visible = ({ expiresAt: _expiresAt, ...channel }: Channel & { expiresAt: number }): Channel => channel

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const path = new URL(request.url ?? '/', url).pathname
    if (request.method === 'OPTIONS') {
      response
        .writeHead(204, {
          'access-control-allow-methods': 'GET, POST',
          'access-control-allow-headers': 'authorization, content-type, x-farcaster-auth-relay-key',
        })
        .end()
      return
    }
    if (request.method === 'GET' && path === '/healthcheck') return json(response, 200, { status: 'OK' })

    if (request.method === 'POST' && path === '/v1/channel') {
      const body = await readJson(request, CreateChannelRequest)
      if (restrictedDomains.some((domain) => body.domain.includes(domain)))
        return json(response, 400, { error: 'Domain not allowed' })
      const token = channelToken()
      const nonce = body.nonce ?? generateSiweNonce()
      const channelUrl = `${urlBase}?${new URLSearchParams({ channelToken: token })}`
      channels.set(token, {
        state: 'pending',
        nonce,
        url: channelUrl,
        connectUri: channelUrl,
        acceptAuthAddress: body.acceptAuthAddress ?? true,
        signatureParams: { ...body, nonce },
        metadata: {
          userAgent: request.headers['user-agent'] ?? 'Unknown',
          ip: request.socket.remoteAddress ?? '',
        },
        expiresAt: Date.now() + channelTtlMs,
      })
      return json(response, 201, { channelToken: token, url: channelUrl, connectUri: channelUrl, nonce })
    }

    if (request.method === 'GET' && path === '/v1/channel/status') {
      const { token, channel } = channelOf(request)
      const { url: _url, connectUri: _connectUri, ...rest } = visible(channel)
      if (channel.state === 'completed') {
        channels.delete(token)
        return json(response, 200, rest)
      }
      return json(response, 202, rest)
    }

    if (request.method === 'POST' && path === '/v1/channel/authenticate') {
      const key =
        request.headers['x-farcaster-auth-relay-key'] ?? request.headers['x-farcaster-connect-auth-key']
      if (key !== relayAuthKey) return json(response, 401, { error: 'Unauthorized' })
      const body = await readJson(request, AuthenticateRequest)
      const { token, channel } = channelOf(request)
      const custody = await custodyOf(options.rpcUrl, body.fid).catch((error: Error) => {
        throw new RelayHttpError(500, { error: error.message })
      })
      const completed = {
        ...channel,
        state: 'completed' as const,
        message: body.message,
        signature: body.signature,
        authMethod: body.authMethod ?? 'custody',
        fid: body.fid,
        ...(body.username !== undefined ? { username: body.username } : {}),
        ...(body.displayName !== undefined ? { displayName: body.displayName } : {}),
        ...(body.bio !== undefined ? { bio: body.bio } : {}),
        ...(body.pfpUrl !== undefined ? { pfpUrl: body.pfpUrl } : {}),
        custody,
        verifications: [],
      }
      channels.set(token, completed)
      return json(response, 201, visible(completed))
    }

    if (path === '/connect') return connectPage(request, response)
    json(response, 404, { error: 'Not found' })
  }

  /** The stand-in for the Farcaster app: pick an account, and it signs the channel's message in. */
  async function connectPage(request: IncomingMessage, response: ServerResponse) {
    const params =
      request.method === 'POST'
        ? new URLSearchParams(await readBody(request))
        : new URL(request.url ?? '/', url).searchParams
    const token = params.get('channelToken') ?? ''
    const channel = channels.get(token)
    const html = (body: string) =>
      response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
        .end(
          `<!doctype html><meta charset="utf-8"><title>Sign in with Farcaster (devstack)</title><style>body{font:15px system-ui;margin:2rem auto;max-width:26rem}button{display:block;width:100%;margin:.5rem 0;padding:.8rem;text-align:left}</style><h1>Sign in with Farcaster</h1>${body}`,
        )
    if (!channel) return html('<p>This sign-in request is unknown or has ended.</p>')
    const chosen = farcasterUsers.find((user) => user.key === params.get('user'))
    if (request.method === 'POST' && chosen && options.signIn) {
      await options.signIn(channel.url, chosen)
      return html(`<p>Signed in as @${escapeHtml(chosen.username)}. You can close this window.</p>`)
    }
    const buttons = farcasterUsers
      .map(
        (user) =>
          `<button name="user" value="${user.key}">@${escapeHtml(user.username)} — ${escapeHtml(user.displayName)}<br><small>${user.fid ? `fid ${user.fid}` : 'no fid'}</small></button>`,
      )
      .join('\n')
    html(
      `<p>Devstack stand-in for the Farcaster app: ${escapeHtml(channel.signatureParams.domain)} asks you to sign in.</p><form method="post"><input type="hidden" name="channelToken" value="${escapeHtml(token)}">${buttons}</form>`,
    )
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, () => resolve())
  })
  url = `http://${host}:${(server.address() as AddressInfo).port}`
  // Expired channels go, as Redis' TTL would drop them.
  const sweep = setInterval(() => {
    for (const [token, channel] of channels) if (channel.expiresAt <= Date.now()) channels.delete(token)
  }, 60_000)
  sweep.unref()

  return {
    url,
    authKey: relayAuthKey,
    channels,
    stop: () =>
      new Promise<void>((resolve) => {
        clearInterval(sweep)
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
