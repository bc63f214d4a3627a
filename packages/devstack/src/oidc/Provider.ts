// A local stand-in for the social login providers: Google and Apple as OpenID Connect (discovery, JWKS,
// RS256 ID tokens; Apple returns by form_post), GitHub, Discord, X and Facebook as OAuth 2 with their
// own user endpoints. Authorization code flow only, with what the real ones check: a registered client
// and secret, a redirect URI (here: any loopback one, the rule for native apps, RFC 8252 §7.3, since
// the API's port is chosen at start), PKCE S256 required, `state` echoed, `nonce` put in the ID token,
// a code that works once, for one client and redirect URI, within a minute.
import { createHash, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { SocialProviderSettings } from '@walletframe/protocol'
import { exportJWK, generateKeyPair, SignJWT } from 'jose'
import { type Profile, type ProviderName, profiles, providerNames } from './profiles.js'
import { type FixtureUser, fixtureUsers } from './users.js'

export declare namespace start {
  type Options = {
    /** 0 (the default) picks a free port. */
    port?: number
    host?: '127.0.0.1'
  }
  type ReturnType = {
    /** `http://127.0.0.1:PORT`. */
    url: string
    /** The API's client settings for each provider, pointing here. */
    settings: Record<ProviderName, SocialProviderSettings>
    stop(): Promise<void>
  }
}

type Grant = {
  provider: ProviderName
  clientId: string
  redirectUri: string
  codeChallenge: string
  nonce?: string
  user: FixtureUser
  expiresAt: number
}

const codeLifetimeMs = 60_000

export const clientId = (provider: ProviderName) => `walletframe-${provider}`
export const clientSecret = (provider: ProviderName) => `devstack-${provider}-secret`

/** The client settings the API is configured with for the stand-in at `url`. */
export function settingsFor(url: string): Record<ProviderName, SocialProviderSettings> {
  const entries = providerNames.map((provider) => {
    const profile: Profile = profiles[provider]
    const base = { clientId: clientId(provider), clientSecret: clientSecret(provider) }
    if (profile.oidc) return [provider, { ...base, issuer: `${url}/${provider}` }] as const
    return [
      provider,
      {
        ...base,
        authorizationEndpoint: `${url}${profile.authorize}`,
        tokenEndpoint: `${url}${profile.token}`,
        userinfoEndpoint: `${url}${profile.user}`,
        ...(profile.emails ? { emailsEndpoint: `${url}${profile.emails}` } : {}),
      },
    ] as const
  })
  return Object.fromEntries(entries) as Record<ProviderName, SocialProviderSettings>
}

class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    description: string,
  ) {
    super(description)
  }
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

function isLoopback(uri: string): boolean {
  try {
    const url = new URL(uri)
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)
    )
  } catch {
    return false
  }
}

export async function start(options: start.Options = {}): Promise<start.ReturnType> {
  const host = options.host ?? '127.0.0.1'
  const { privateKey, publicKey } = await generateKeyPair('RS256')
  const kid = randomBytes(8).toString('hex')
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' }
  const codes = new Map<string, Grant>()
  const accessTokens = new Map<string, { provider: ProviderName; user: FixtureUser }>()
  let url = ''

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (error instanceof OAuthError) {
        json(response, error.status, { error: error.error, error_description: error.message })
      } else if (!response.headersSent) {
        json(response, 500, { error: 'server_error', error_description: String(error) })
      }
    })
  })

  function json(response: ServerResponse, status: number, body: unknown) {
    response
      .writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' })
      .end(JSON.stringify(body))
  }

  async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
    const chunks: Buffer[] = []
    let size = 0
    for await (const chunk of request) {
      size += (chunk as Buffer).length
      if (size > 64 * 1024) throw new OAuthError(413, 'invalid_request', 'body too large')
      chunks.push(chunk as Buffer)
    }
    return new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
  }

  /** Checks an authorization request; errors before the redirect URI is trusted show on the page. */
  function checkAuthorization(provider: ProviderName, params: URLSearchParams) {
    const profile = profiles[provider]
    if (params.get('client_id') !== clientId(provider))
      throw new OAuthError(400, 'invalid_client', 'unknown client_id')
    const redirectUri = params.get('redirect_uri') ?? ''
    if (!isLoopback(redirectUri))
      throw new OAuthError(400, 'invalid_request', 'redirect_uri is not registered')
    const problem =
      params.get('response_type') !== 'code'
        ? 'response_type must be code'
        : !params.get('state')
          ? 'state is required'
          : !params.get('code_challenge') || params.get('code_challenge_method') !== 'S256'
            ? 'PKCE with code_challenge_method=S256 is required'
            : profile.oidc && !(params.get('scope') ?? '').split(' ').includes('openid')
              ? 'scope must include openid'
              : profile.formPost && params.get('response_mode') !== 'form_post'
                ? 'response_mode must be form_post when name or email is requested'
                : undefined
    return { profile, redirectUri, problem }
  }

  /** Sends the browser back to the client: a redirect, or (Apple) a form that posts itself. */
  function respond(
    response: ServerResponse,
    provider: ProviderName,
    redirectUri: string,
    values: Record<string, string>,
  ) {
    if (profiles[provider].formPost) {
      const inputs = Object.entries(values)
        .map(
          ([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
        )
        .join('')
      response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
        .end(
          `<!doctype html><meta charset="utf-8"><title>Returning…</title><body onload="document.forms[0].submit()"><form method="post" action="${escapeHtml(redirectUri)}">${inputs}<noscript><button>Continue</button></noscript></form>`,
        )
      return
    }
    const target = new URL(redirectUri)
    for (const [name, value] of Object.entries(values)) target.searchParams.set(name, value)
    response.writeHead(302, { location: target.href, 'cache-control': 'no-store' }).end()
  }

  function page(provider: ProviderName, params: URLSearchParams): string {
    const hidden = [...params]
      .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
      .join('')
    const buttons = fixtureUsers
      .map(
        (user) =>
          `<button name="user" value="${user.key}">${escapeHtml(user.name)}<br><small>${escapeHtml(user.email)} — ${user.emailVerified ? 'verified' : 'NOT verified'}</small></button>`,
      )
      .join('\n')
    return `<!doctype html><meta charset="utf-8"><title>Sign in with ${provider} (devstack)</title>
<style>body{font:15px system-ui;margin:2rem auto;max-width:26rem}button{display:block;width:100%;margin:.5rem 0;padding:.8rem;text-align:left}</style>
<h1>Sign in with ${provider}</h1><p>Devstack stand-in: choose who you are.</p>
<form method="post">${hidden}${buttons}<button name="user" value="" formnovalidate>Cancel</button></form>`
  }

  async function authorize(provider: ProviderName, request: IncomingMessage, response: ServerResponse) {
    const params =
      request.method === 'POST' ? await readForm(request) : new URL(request.url ?? '/', url).searchParams
    const chosen = params.get('user')
    params.delete('user')
    const { redirectUri, problem } = checkAuthorization(provider, params)
    const state = params.get('state') ?? ''
    if (problem) {
      respond(response, provider, redirectUri, {
        error: 'invalid_request',
        error_description: problem,
        ...(state ? { state } : {}),
      })
      return
    }
    if (request.method !== 'POST') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(provider, params))
      return
    }
    const user = fixtureUsers.find((candidate) => candidate.key === chosen)
    if (!user) {
      respond(response, provider, redirectUri, { error: 'access_denied', state })
      return
    }
    const code = randomBytes(24).toString('base64url')
    const nonce = params.get('nonce')
    codes.set(code, {
      provider,
      clientId: clientId(provider),
      redirectUri,
      codeChallenge: params.get('code_challenge')!,
      ...(nonce ? { nonce } : {}),
      user,
      expiresAt: Date.now() + codeLifetimeMs,
    })
    // RFC 9207: the issuer identifies itself in the response where its metadata says so (Google here).
    const iss = provider === 'google' ? { iss: `${url}/google` } : {}
    respond(response, provider, redirectUri, { code, state, ...iss })
  }

  async function token(provider: ProviderName, request: IncomingMessage, response: ServerResponse) {
    // Facebook takes its parameters in the query too.
    const params =
      request.method === 'POST' ? await readForm(request) : new URL(request.url ?? '/', url).searchParams
    let id = params.get('client_id')
    let secret = params.get('client_secret')
    const basic = /^Basic (.+)$/i.exec(request.headers.authorization ?? '')?.[1]
    if (basic) {
      const [user, pass] = Buffer.from(basic, 'base64').toString('utf8').split(':')
      id = decodeURIComponent(user ?? '')
      secret = decodeURIComponent(pass ?? '')
    }
    if (id !== clientId(provider) || secret !== clientSecret(provider)) {
      throw new OAuthError(401, 'invalid_client', 'client authentication failed')
    }
    if (params.get('grant_type') !== 'authorization_code')
      throw new OAuthError(400, 'unsupported_grant_type', 'authorization_code only')
    const code = params.get('code') ?? ''
    const grant = codes.get(code)
    // A code works once: gone whatever the outcome.
    codes.delete(code)
    if (!grant || grant.provider !== provider || grant.expiresAt < Date.now()) {
      throw new OAuthError(400, 'invalid_grant', 'the code is unknown, used or expired')
    }
    if (grant.redirectUri !== params.get('redirect_uri'))
      throw new OAuthError(400, 'invalid_grant', 'redirect_uri does not match')
    const verifier = params.get('code_verifier') ?? ''
    if (createHash('sha256').update(verifier).digest('base64url') !== grant.codeChallenge) {
      throw new OAuthError(400, 'invalid_grant', 'PKCE verification failed')
    }
    const accessToken = randomBytes(24).toString('base64url')
    accessTokens.set(accessToken, { provider, user: grant.user })
    const profile = profiles[provider]
    const body: Record<string, unknown> = {
      access_token: accessToken,
      token_type: profile.tokenType,
      expires_in: 3600,
    }
    if (profile.oidc) {
      const now = Math.floor(Date.now() / 1000)
      body.id_token = await new SignJWT({
        ...(grant.nonce ? { nonce: grant.nonce } : {}),
        ...profile.idTokenClaims?.(grant.user),
      })
        .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
        .setIssuer(`${url}/${provider}`)
        .setAudience(grant.clientId)
        .setSubject(grant.user.subjects[provider])
        .setIssuedAt(now)
        .setExpirationTime(now + 600)
        .sign(privateKey)
    }
    json(response, 200, body)
  }

  function bearer(provider: ProviderName, request: IncomingMessage) {
    const value = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1]
    const entry = value ? accessTokens.get(value) : undefined
    if (!entry || entry.provider !== provider)
      throw new OAuthError(401, 'invalid_token', 'unknown access token')
    return entry.user
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const path = new URL(request.url ?? '/', url).pathname
    const provider = providerNames.find((name) => path.startsWith(`/${name}/`))
    if (!provider) {
      json(response, 404, { error: 'not_found' })
      return
    }
    const profile = profiles[provider]
    const issuer = `${url}/${provider}`
    if (profile.oidc && path === `/${provider}/.well-known/openid-configuration`) {
      json(response, 200, {
        issuer,
        authorization_endpoint: `${url}${profile.authorize}`,
        token_endpoint: `${url}${profile.token}`,
        jwks_uri: `${url}${profile.jwks}`,
        ...(profile.user ? { userinfo_endpoint: `${url}${profile.user}` } : {}),
        response_types_supported: ['code'],
        response_modes_supported: profile.formPost ? ['query', 'form_post'] : ['query'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        scopes_supported: ['openid', 'email', 'profile', 'name'],
        token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
        code_challenge_methods_supported: ['S256'],
        claims_supported: ['sub', 'email', 'email_verified', 'name', 'nonce'],
        authorization_response_iss_parameter_supported: provider === 'google',
      })
      return
    }
    if (profile.jwks && path === profile.jwks) {
      json(response, 200, { keys: [jwk] })
      return
    }
    if (path === profile.authorize) return authorize(provider, request, response)
    if (path === profile.token) return token(provider, request, response)
    if (profile.user && path === profile.user && profile.userJson) {
      json(response, 200, profile.userJson(bearer(provider, request)))
      return
    }
    if (profile.emails && path === profile.emails && profile.emailsJson) {
      json(response, 200, profile.emailsJson(bearer(provider, request)))
      return
    }
    json(response, 404, { error: 'not_found' })
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, () => resolve())
  })
  url = `http://${host}:${(server.address() as AddressInfo).port}`
  return {
    url,
    settings: settingsFor(url),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
