// On-ramp: GET /v1/onramp/options, POST /v1/onramp/quote and POST
// /v1/generators/onrampurl, served by the configured provider. When the provider fails, options fall
// back to the built-in defaults and a quote to a mock quote, each marked by `source`; a
// checkout URL has no stand-in and answers 502.
import {
  OnrampOptionsResponse,
  OnrampQuoteRequest,
  OnrampQuoteResponse,
  OnrampUrlRequest,
  OnrampUrlResponse,
  SdkQuery,
} from '@walletframe/protocol'
import { isFrameOrigin, requireProject } from '../middleware/access.js'
import { OnrampRefusedError, OnrampUnavailableError, RedirectNotAllowedError } from '../onramp/errors.js'
import * as Fallback from '../onramp/fallback.js'
import * as HttpProvider from '../onramp/httpProvider.js'
import type { Provider } from '../onramp/Provider.js'
import type { App, Deps, RouteDoc } from './Route.js'
import * as validate from './validate.js'

const maxBodyBytes = 16 * 1024

export const docs: RouteDoc[] = [
  {
    method: 'get',
    path: '/v1/onramp/options',
    summary:
      "What can be bought on which networks, paid in which currencies by which methods within which limits; the built-in defaults (source: 'defaults') when the provider fails",
    query: SdkQuery,
    response: OnrampOptionsResponse,
    errors: [400, 401, 403, 429],
  },
  {
    method: 'post',
    path: '/v1/onramp/quote',
    summary:
      "A quote for paying `amount` (fees included); a mock quote (source: 'mock', quoteId mock-…) when the provider fails; 400 when the provider refuses (an amount outside the method's limits)",
    query: SdkQuery,
    body: OnrampQuoteRequest,
    response: OnrampQuoteResponse,
    errors: [400, 401, 403, 413, 429],
  },
  {
    method: 'post',
    path: '/v1/generators/onrampurl',
    summary:
      "The provider's checkout URL for the destination wallets, with the buy presets; redirectUrl, where the " +
      'checkout returns the buyer, must be a page of a frame origin (400 REDIRECT_NOT_ALLOWED otherwise); ' +
      '502 when the provider fails',
    query: SdkQuery,
    body: OnrampUrlRequest,
    response: OnrampUrlResponse,
    errors: [400, 401, 403, 413, 429, 502],
  },
]

export function register(app: App, deps: Deps, options: { fetch?: typeof fetch } = {}): void {
  const settings = deps.config.options.onramp
  const provider: Provider | undefined = settings.url
    ? HttpProvider.from({
        url: settings.url,
        apiKey: settings.apiKey,
        timeoutMs: settings.timeoutMs,
        ...(options.fetch ? { fetch: options.fetch } : {}),
      })
    : undefined
  const unavailable = () => new OnrampUnavailableError('no provider is configured (options.onramp.url)')

  app.get('/v1/onramp/options', requireProject(deps, { from: 'query' }), async (c) => {
    validate.query(c, SdkQuery)
    try {
      if (!provider) throw unavailable()
      return c.json({ ...(await provider.options()), source: 'provider' } satisfies OnrampOptionsResponse)
    } catch (error) {
      if (!(error instanceof OnrampUnavailableError || error instanceof OnrampRefusedError)) throw error
      return c.json({
        ...Fallback.defaultOptions(deps.config.networks),
        source: 'defaults',
      } satisfies OnrampOptionsResponse)
    }
  })

  app.post('/v1/onramp/quote', requireProject(deps, { from: 'query' }), async (c) => {
    validate.query(c, SdkQuery)
    const body = validate.body(await validate.json(c, maxBodyBytes), OnrampQuoteRequest)
    try {
      if (!provider) throw unavailable()
      return c.json({ ...(await provider.quote(body)), source: 'provider' } satisfies OnrampQuoteResponse)
    } catch (error) {
      // A refusal is the caller's to fix (e.g. an amount outside the limits); only an outage is mocked.
      if (!(error instanceof OnrampUnavailableError)) throw error
      return c.json({
        ...Fallback.mockQuote(body, { networks: deps.config.networks, prices: deps.prices }),
        source: 'mock',
      } satisfies OnrampQuoteResponse)
    }
  })

  app.post('/v1/generators/onrampurl', requireProject(deps, { from: 'query' }), async (c) => {
    validate.query(c, SdkQuery)
    const body = validate.body(await validate.json(c, maxBodyBytes), OnrampUrlRequest)
    if (body.redirectUrl !== undefined) {
      // The schema took it as an http(s) URL; its origin is what the browser will land on.
      const { origin } = new URL(body.redirectUrl)
      if (!isFrameOrigin(origin, deps.config.options)) throw new RedirectNotAllowedError(origin)
    }
    if (!provider) throw unavailable()
    // A mock quote was never the provider's: the checkout prices afresh.
    const { quoteId, ...rest } = body
    const request = quoteId?.startsWith(Fallback.mockQuotePrefix) ? rest : body
    return c.json({ url: await provider.checkoutUrl(request) } satisfies OnrampUrlResponse)
  })
}
