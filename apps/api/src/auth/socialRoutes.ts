// The social login's routes under /v1/auth/social: start (the authorization URL for the popup), the
// provider's callback (a redirect, or Apple's form post), the popup's complete, and CONNECT.
import {
  AuthConnected,
  SdkQuery,
  SocialCallbackQuery,
  SocialCompleted,
  SocialCompleteRequest,
  SocialConnectRequest,
  SocialProviderParam,
  SocialStartRequest,
  SocialStartResponse,
} from '@walletframe/protocol'
import { Hono, type Context as HonoContext } from 'hono'
import { z } from 'zod'
import { InvalidRequestError, PayloadTooLargeError } from '../errors.js'
import type { Env, RouteDoc } from '../routes/Route.js'
import * as validate from '../routes/validate.js'
import { authErrors, bodyLimit, type RouteContext, readStart } from './routeContext.js'
import * as Social from './social.js'

export const docs: RouteDoc[] = [
  {
    method: 'post',
    path: '/v1/auth/social/start',
    summary:
      'Social login: the authorization URL to open in the popup (state single use, PKCE S256, nonce for OIDC)',
    query: SdkQuery,
    body: SocialStartRequest,
    response: SocialStartResponse,
    errors: [...authErrors, 413, 502],
  },
  {
    method: 'get',
    path: '/v1/auth/social/callback/{provider}',
    summary:
      "The provider's redirect: exchanges the code, then 303 to the frame's /auth/callback (the status, and a completion secret that finishes nothing without the popup's binding secret)",
    params: SocialProviderParam,
    query: SocialCallbackQuery,
    response: z.null(),
    errors: [400, 404, 429],
  },
  {
    method: 'post',
    path: '/v1/auth/social/callback/{provider}',
    summary:
      'The same for a provider that answers with response_mode=form_post (Apple): state, code in the form body',
    params: SocialProviderParam,
    response: z.null(),
    errors: [400, 404, 413, 429],
  },
  {
    method: 'post',
    path: '/v1/auth/social/complete',
    summary:
      "The popup's last step (the frame origin's /auth/callback page): the completion secret from the provider's return " +
      'and the binding secret the starting frame gave its popup; 403 LOGIN_NOT_BOUND when they do not match',
    query: SdkQuery,
    body: SocialCompleteRequest,
    response: SocialCompleted,
    errors: [...authErrors, 404, 409, 413],
  },
  {
    method: 'post',
    path: '/v1/auth/social/connect',
    summary:
      "CONNECT a social login its popup completed (once, within 10 minutes of the start): the starting device key's " +
      'single-use proof over connectSigningInput; the session, bound to that key',
    query: SdkQuery,
    body: SocialConnectRequest,
    response: AuthConnected,
    errors: [...authErrors, 404, 409, 413],
  },
]

/** The routes, to mount at /v1/auth/social. */
export function routes(context: RouteContext): Hono<Env> {
  const { project, read, settings } = context
  const app = new Hono<Env>()

  app.post('/start', project, async (c) => {
    const { body, flow, attempt } = await readStart(context, c, {
      schema: SocialStartRequest,
      flow: () => context.social(c),
      limit: 'auth-social-ip',
      rule: settings.socialStartsPerIp,
    })
    const { provider, bindingChallenge } = body
    return c.json(
      (await Social.start(flow, { ...attempt, provider, bindingChallenge })) satisfies SocialStartResponse,
    )
  })

  // The provider's return is a browser navigation, not a call of the frame's: it names no project.
  const callback = async (c: HonoContext, parameters: URLSearchParams) => {
    const { provider } = validate.params(c, SocialProviderParam)
    const query = z.safeParse(SocialCallbackQuery, Object.fromEntries(parameters))
    if (!query.success) throw InvalidRequestError.fromZod('', query.error)
    const target = await Social.callback(context.social(c), provider, parameters)
    c.header('cache-control', 'no-store')
    // The popup's last stop is the frame origin's page, which finishes the login with its binding secret.
    return c.redirect(target, 303)
  }
  app.get('/callback/:provider', (c) => callback(c, new URL(c.req.url).searchParams))
  app.post('/callback/:provider', async (c) => {
    const type = c.req.header('content-type') ?? ''
    if (!type.startsWith('application/x-www-form-urlencoded')) {
      throw new InvalidRequestError(
        'The provider posts application/x-www-form-urlencoded (response_mode=form_post)',
        'body',
      )
    }
    return callback(c, new URLSearchParams(await readText(c, bodyLimit)))
  })

  app.post('/complete', project, async (c) => {
    const body = await read(c, SocialCompleteRequest)
    c.header('cache-control', 'no-store')
    return c.json((await Social.complete(context.social(c), body)) satisfies SocialCompleted)
  })

  app.post('/connect', project, async (c) => {
    const body = await read(c, SocialConnectRequest)
    return c.json((await Social.connect(context.social(c), body)) satisfies AuthConnected)
  })

  return app
}

/**
 * The body as text within `maxBytes` (a form post): 413 past it, read as it streams, so a chunked
 * body (no Content-Length) is cut at the limit rather than read whole.
 */
async function readText(c: HonoContext, maxBytes: number): Promise<string> {
  const declared = Number(c.req.header('content-length') ?? 0)
  if (declared > maxBytes) throw new PayloadTooLargeError(maxBytes)
  const body = c.req.raw.body
  if (!body) return ''
  const chunks: Uint8Array[] = []
  let size = 0
  const reader = body.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel()
      throw new PayloadTooLargeError(maxBytes)
    }
    chunks.push(value)
  }
  return new TextDecoder().decode(Buffer.concat(chunks))
}
