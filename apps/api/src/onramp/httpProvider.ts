// An on-ramp provider over HTTP: GET /v1/options, POST /v1/quote, POST /v1/sessions under its base
// URL, each answer parsed with the protocol schema. 4xx is the provider refusing the caller's
// request; no answer, 5xx or the wrong shape is the provider being unavailable.
import {
  OnrampOptions,
  OnrampQuote,
  type OnrampQuoteRequest,
  OnrampSession,
  type OnrampUrlRequest,
} from '@walletframe/protocol'
import { z } from 'zod'
import { OnrampRefusedError, OnrampUnavailableError } from './errors.js'
import type { Provider } from './Provider.js'

const ProviderError = z.object({ error: z.string().max(500) })

export declare namespace from {
  type Options = {
    url: string
    apiKey?: string | undefined
    timeoutMs: number
    fetch?: typeof fetch
  }
}

export function from(options: from.Options): Provider {
  const base = options.url.endsWith('/') ? options.url : `${options.url}/`
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args))

  async function call<S extends z.core.$ZodType>(
    path: string,
    schema: S,
    body?: unknown,
  ): Promise<z.infer<S>> {
    let response: Response
    let json: unknown
    try {
      response = await doFetch(new URL(path, base), {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(options.timeoutMs),
        redirect: 'error',
      })
      json = await response.json().catch(() => undefined)
    } catch (error) {
      const reason =
        (error as Error).name === 'TimeoutError' ? `no answer within ${options.timeoutMs} ms` : 'unreachable'
      throw new OnrampUnavailableError(`${path}: ${reason}`, { cause: error })
    }
    if (response.status >= 400 && response.status < 500) {
      const refused = ProviderError.safeParse(json)
      throw new OnrampRefusedError(refused.success ? refused.data.error : `HTTP ${response.status}`)
    }
    if (!response.ok) throw new OnrampUnavailableError(`${path}: HTTP ${response.status}`)
    const parsed = z.safeParse(schema, json)
    if (!parsed.success) throw new OnrampUnavailableError(`${path}: an answer of the wrong shape`)
    return parsed.data
  }

  return {
    options: () => call('v1/options', OnrampOptions),
    quote: (request: OnrampQuoteRequest) => call('v1/quote', OnrampQuote, request),
    checkoutUrl: async (request: OnrampUrlRequest) => (await call('v1/sessions', OnrampSession, request)).url,
  }
}
