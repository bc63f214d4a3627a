// Social login with the API as the OAuth 2 / OpenID Connect client: the API keeps the client secret,
// a single-use `state` bound to the attempt (stored as a digest), the PKCE verifier (S256) and, for
// OIDC, the nonce; the provider returns to the API's callback (Apple by form_post), the code is
// exchanged with oauth4webapi, the ID token's signature checked against the issuer's JWKS, or the
// provider's user endpoint read. The popup then lands on the frame origin's /auth/callback, and the
// frame learns the result by polling the attempt: a COOP page anywhere cuts the popup from its opener.
//
// Nobody finishes someone else's login (login CSRF): the provider's return alone only marks the
// attempt `returned` and puts a completion secret in the address of the frame page the popup lands
// on. The attempt is `ready` once that page presents the completion secret together with the binding
// secret the starting frame handed its popup by postMessage (its SHA-256 was given at start): the
// browser that signed in at the provider and the one that started must be the same. CONNECT then
// takes the starting device key's proof.
import { createHash } from 'node:crypto'
import type {
  AuthConnected,
  DeviceProof,
  DevicePublicKey,
  FrameSocialProvider,
  SocialCompleted,
  SocialCompleteRequest,
  SocialProviderSettings,
  SocialStartResponse,
} from '@walletframe/protocol'
import { createRemoteJWKSet, customFetch as joseFetch, jwtVerify } from 'jose'
import * as oauth from 'oauth4webapi'
import { ApiError } from '../errors.js'
import * as DeviceKey from './deviceKey.js'
import {
  AttemptExpiredError,
  AttemptNotFoundError,
  AttemptStateError,
  AuthNotConfiguredError,
  LoginNotBoundError,
  SocialLoginError,
} from './errors.js'
import * as HandedOver from './handedOver.js'
import { type Identity, type Profile, profiles } from './providers.js'
import { digest, newId, newToken, sameDigest } from './secrets.js'
import type * as Sessions from './sessions.js'
import * as Store from './store.js'

/** How long the user has to finish at the provider. */
const lifetimeMs = 10 * 60_000
/** Discovery documents are cached this long per process. */
const discoveryTtlMs = 60 * 60_000

/** The provider's discovery or endpoints could not be reached. */
export class ProviderUnavailableError extends ApiError {
  override name = 'ProviderUnavailableError'
  constructor(provider: string, detail: string) {
    super(
      502,
      'UPSTREAM_UNAVAILABLE',
      `The ${provider} login is unavailable right now (${detail}); try again later`,
    )
  }
}

type Resolved = {
  profile: Profile
  settings: SocialProviderSettings
  as: oauth.AuthorizationServer
  client: oauth.Client
  clientAuth: oauth.ClientAuth
  jwks?: ReturnType<typeof createRemoteJWKSet>
}

export type Social = {
  resolve(provider: FrameSocialProvider): Promise<Resolved>
  fetch: typeof fetch
  oauthFetch: (
    url: string,
    init: { method: string; headers: Record<string, string>; body?: unknown; redirect?: unknown },
  ) => Promise<Response>
}

/** Plain http only on loopback (the devstack); anything else must be https. */
function insecureAllowed(url: string): boolean {
  const { protocol, hostname } = new URL(url)
  return (
    protocol === 'http:' && (hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '[::1]')
  )
}

export function create(options: {
  providers: Partial<Record<FrameSocialProvider, SocialProviderSettings>>
  fetch?: typeof fetch
}): Social {
  const doFetch = options.fetch ?? fetch
  // oauth4webapi's fetch type is narrower than fetch's under exactOptionalPropertyTypes; same call.
  const oauthFetch = (
    url: string,
    init: { method: string; headers: Record<string, string>; body?: unknown; redirect?: unknown },
  ) => doFetch(url, init as RequestInit)
  const cache = new Map<FrameSocialProvider, { at: number; value: Promise<Resolved> }>()

  async function load(provider: FrameSocialProvider): Promise<Resolved> {
    const settings = options.providers[provider]
    if (!settings) throw new AuthNotConfiguredError(`Login with ${provider}`, 'provider')
    const profile = profiles[provider]
    const client: oauth.Client = { client_id: settings.clientId }
    const clientAuth =
      profile.clientAuth === 'basic'
        ? oauth.ClientSecretBasic(settings.clientSecret)
        : oauth.ClientSecretPost(settings.clientSecret)
    if (profile.kind === 'oidc') {
      const issuer = new URL(settings.issuer ?? profile.issuer)
      let as: oauth.AuthorizationServer
      try {
        const response = await oauth.discoveryRequest(issuer, {
          [oauth.customFetch]: oauthFetch,
          [oauth.allowInsecureRequests]: insecureAllowed(issuer.href),
        })
        as = await oauth.processDiscoveryResponse(issuer, response)
      } catch (error) {
        throw new ProviderUnavailableError(provider, `discovery: ${(error as Error).message}`)
      }
      if (!as.jwks_uri) throw new ProviderUnavailableError(provider, 'discovery names no jwks_uri')
      const jwks = createRemoteJWKSet(new URL(as.jwks_uri), {
        [joseFetch]: (url, init) => doFetch(url, init as RequestInit),
      })
      return { profile, settings, as, client, clientAuth, jwks }
    }
    const endpoints = {
      ...profile.endpoints,
      ...(settings.authorizationEndpoint ? { authorizationEndpoint: settings.authorizationEndpoint } : {}),
      ...(settings.tokenEndpoint ? { tokenEndpoint: settings.tokenEndpoint } : {}),
      ...(settings.userinfoEndpoint ? { userinfoEndpoint: settings.userinfoEndpoint } : {}),
      ...(settings.emailsEndpoint ? { emailsEndpoint: settings.emailsEndpoint } : {}),
    }
    const as: oauth.AuthorizationServer = {
      // OAuth 2 providers without metadata: the issuer is only a name here (no `iss` comes back).
      issuer: new URL(endpoints.authorizationEndpoint).origin,
      authorization_endpoint: endpoints.authorizationEndpoint,
      token_endpoint: endpoints.tokenEndpoint,
      userinfo_endpoint: endpoints.userinfoEndpoint,
    }
    return { profile: { ...profile, endpoints }, settings, as, client, clientAuth }
  }

  return {
    fetch: doFetch,
    oauthFetch,
    resolve(provider) {
      const hit = cache.get(provider)
      if (hit && Date.now() - hit.at < discoveryTtlMs) return hit.value
      const value = load(provider)
      cache.set(provider, { at: Date.now(), value })
      // A failed discovery is tried again by the next login, not cached for an hour.
      value.catch(() => cache.delete(provider))
      return value
    },
  }
}

export type Context = Sessions.Context & {
  social: Social
  /** Base URL the provider redirects back to (`{apiBase}/v1/auth/social/callback/{provider}`). */
  apiBase: string
}

const now = (context: Context) => context.now?.() ?? new Date()

const redirectUri = (context: Context, provider: string) =>
  `${context.apiBase}/v1/auth/social/callback/${provider}`

export async function start(
  context: Context,
  input: {
    provider: FrameSocialProvider
    deviceKey: DevicePublicKey
    /** SHA-256 (base64url) of the secret the frame hands its popup. */
    bindingChallenge: string
    projectId: string
    frameOrigin: string
  },
): Promise<SocialStartResponse> {
  const resolved = await context.social.resolve(input.provider)
  const state = newToken()
  const codeVerifier = oauth.generateRandomCodeVerifier()
  const nonce = resolved.profile.kind === 'oidc' ? oauth.generateRandomNonce() : null
  const expiresAt = new Date(now(context).getTime() + lifetimeMs)
  const attempt = await Store.insertAttempt(context.db, {
    id: newId(),
    kind: 'social',
    step: 'pending',
    projectId: input.projectId,
    frameOrigin: input.frameOrigin,
    provider: input.provider,
    deviceKey: input.deviceKey,
    deviceThumbprint: await DeviceKey.thumbprint(input.deviceKey),
    stateHash: digest(state),
    bindingChallenge: input.bindingChallenge,
    codeVerifier,
    nonce,
    expiresAt,
  })
  const url = new URL(resolved.as.authorization_endpoint!)
  url.searchParams.set('client_id', resolved.client.client_id)
  url.searchParams.set('redirect_uri', redirectUri(context, input.provider))
  url.searchParams.set('response_type', 'code')
  url.searchParams.set('scope', resolved.profile.scope)
  url.searchParams.set('state', state)
  url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(codeVerifier))
  url.searchParams.set('code_challenge_method', 'S256')
  if (nonce) url.searchParams.set('nonce', nonce)
  if (resolved.profile.kind === 'oidc' && resolved.profile.responseMode) {
    url.searchParams.set('response_mode', resolved.profile.responseMode)
  }
  return { attemptId: attempt.id, authorizationUrl: url.href, expiresAt: expiresAt.toISOString() }
}

/**
 * The frame page the popup ends on: what happened and, when the provider vouched for someone, the
 * completion secret that page presents with its binding secret (alone it finishes nothing).
 */
function frameReturn(
  attempt: Store.Attempt,
  outcome: { status: 'returned'; completion: string } | { status: 'failed'; error: string },
): string {
  const url = new URL('/auth/callback', attempt.frameOrigin)
  url.searchParams.set('provider', attempt.provider ?? '')
  url.searchParams.set('status', outcome.status)
  if (outcome.status === 'returned') url.searchParams.set('completion', outcome.completion)
  else url.searchParams.set('error', outcome.error)
  return url.href
}

/**
 * The provider's return: spends the state, exchanges the code, finds or creates the user, and
 * answers where the popup goes next. A state is good once; an unknown one is refused before anything.
 */
export async function callback(
  context: Context,
  provider: FrameSocialProvider,
  parameters: URLSearchParams,
): Promise<string> {
  const state = parameters.get('state')
  if (!state) throw new AttemptNotFoundError('state')
  const attempt = await Store.spendState(context.db, digest(state))
  if (!attempt) throw new AttemptNotFoundError('state')
  const fail = async (message: string) => {
    await Store.advance(context.db, attempt.id, 'pending', {
      step: 'failed',
      codeVerifier: null,
      error: { code: 'SOCIAL_LOGIN_FAILED', message },
    })
    return frameReturn(attempt, { status: 'failed', error: 'SOCIAL_LOGIN_FAILED' })
  }
  if (attempt.provider !== provider) return fail('The provider returned to the wrong address; start again')
  if (attempt.expiresAt <= now(context)) return fail('The login took longer than 10 minutes; start again')
  const denied = parameters.get('error')
  if (denied) {
    return fail(
      denied === 'access_denied'
        ? 'The login was cancelled at the provider'
        : `The provider refused the login (${denied})`,
    )
  }
  let identity: Identity
  try {
    identity = await exchange(context, provider, attempt, parameters, state)
  } catch (error) {
    if (error instanceof SocialLoginError) return fail(error.message)
    if (error instanceof ApiError && error.status < 500) return fail(error.message)
    return fail(`The ${provider} login could not be completed (${(error as Error).message})`)
  }
  const user = await Store.userForIdentity(context.db, { provider, ...identity })
  const completion = newToken()
  const returned = await Store.advance(context.db, attempt.id, 'pending', {
    step: 'returned',
    codeVerifier: null,
    completionHash: digest(completion),
    userId: user.id,
    userName: identity.userName ?? null,
  })
  if (!returned) return frameReturn(attempt, { status: 'failed', error: 'SOCIAL_LOGIN_FAILED' })
  return frameReturn(attempt, { status: 'returned', completion })
}

/** SHA-256, base64url: how the frame commits to its binding secret at start. */
export function bindingChallengeOf(binding: string): string {
  return createHash('sha256').update(binding).digest('base64url')
}

/**
 * The popup's last step: `returned` -> `ready` when the completion secret (from the provider's return)
 * and the binding secret (from the starting frame) both match. The browser that signed in at the
 * provider without the starter's binding secret — a link someone else sent it — finishes nothing.
 */
export async function complete(context: Context, input: SocialCompleteRequest): Promise<SocialCompleted> {
  const attempt = await Store.attempt(context.db, input.attemptId)
  if (attempt?.kind !== 'social') throw new AttemptNotFoundError()
  if (attempt.expiresAt <= now(context)) throw new AttemptExpiredError()
  if (attempt.step !== 'returned' || !attempt.completionHash || !attempt.bindingChallenge) {
    throw new AttemptStateError('This login is not waiting for its window to finish; start again')
  }
  const bound =
    sameDigest(digest(input.completion), attempt.completionHash) &&
    sameDigest(
      Buffer.from(bindingChallengeOf(input.binding), 'base64url').toString('hex'),
      Buffer.from(attempt.bindingChallenge, 'base64url').toString('hex'),
    )
  if (!bound) throw new LoginNotBoundError()
  const ready = await Store.advance(context.db, attempt.id, 'returned', {
    step: 'ready',
    completionHash: null,
  })
  if (!ready) throw new AttemptStateError('This login is not waiting for its window to finish; start again')
  return { status: 'ready' }
}

async function exchange(
  context: Context,
  provider: FrameSocialProvider,
  attempt: Store.Attempt,
  parameters: URLSearchParams,
  state: string,
): Promise<Identity> {
  const { profile, as, client, clientAuth, jwks } = await context.social.resolve(provider)
  const insecure = insecureAllowed(as.token_endpoint!)
  const http = { [oauth.customFetch]: context.social.oauthFetch, [oauth.allowInsecureRequests]: insecure }
  let params: URLSearchParams
  try {
    params = oauth.validateAuthResponse(as, client, parameters, state)
  } catch (error) {
    throw new SocialLoginError(`The provider's answer does not check out (${(error as Error).message})`)
  }
  const response = await oauth.authorizationCodeGrantRequest(
    as,
    client,
    clientAuth,
    params,
    redirectUri(context, provider),
    attempt.codeVerifier!,
    http,
  )
  let tokens: oauth.TokenEndpointResponse
  try {
    tokens = await oauth.processAuthorizationCodeResponse(as, client, response, {
      ...(profile.kind === 'oidc' ? { expectedNonce: attempt.nonce!, requireIdToken: true } : {}),
    })
  } catch (error) {
    throw new SocialLoginError(`The provider did not accept the code (${(error as Error).message})`, {
      cause: error,
    })
  }
  if (profile.kind === 'oidc') {
    // oauth4webapi checked iss, aud, exp, iat and the nonce; the signature is checked here too, against
    // the issuer's published keys, so a token that did not come from the issuer never counts.
    const { payload } = await jwtVerify(tokens.id_token!, jwks!, {
      issuer: as.issuer,
      audience: client.client_id,
    }).catch((error: Error) => {
      throw new SocialLoginError(`The ID token does not verify (${error.message})`)
    })
    if (payload.nonce !== attempt.nonce)
      throw new SocialLoginError('The ID token answers another login (nonce)')
    const identity = profile.identity(payload)
    if (!identity.subject) throw new SocialLoginError('The ID token names no subject')
    return identity
  }
  const get = async (url: string) => {
    const answer = await context.social.fetch(url, {
      headers: {
        authorization: `Bearer ${tokens.access_token}`,
        accept: 'application/json',
        // GitHub refuses API calls without a User-Agent.
        'user-agent': 'walletframe-api',
      },
    })
    if (!answer.ok) throw new SocialLoginError(`The provider's user endpoint answered ${answer.status}`)
    return answer.json() as Promise<unknown>
  }
  const user = await get(profile.endpoints.userinfoEndpoint)
  const emails = profile.endpoints.emailsEndpoint ? await get(profile.endpoints.emailsEndpoint) : undefined
  const identity = profile.identity(user, emails)
  if (!identity.subject) throw new SocialLoginError('The provider named no user id')
  return identity
}

/** CONNECT for a social login its popup completed: once, by the starting device, then the session. */
export function connect(
  context: Context,
  input: { attemptId: string; proof: DeviceProof },
): Promise<AuthConnected> {
  return HandedOver.connect(context, input, {
    kind: 'social',
    notYet: 'The provider has not returned yet',
  })
}
