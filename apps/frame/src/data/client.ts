// The one way from the frame to the Walletframe API: every call carries projectId, st (SDK type) and
// sv (SDK version), has a timeout, and is parsed with the protocol's zod schema; every failure is an
// ApiError with the HTTP status and the API's own message.
import { ApiErrorBody } from '@walletframe/protocol'
import { safeParse } from 'zod/mini'
import type { $ZodType, output } from 'zod/v4/core'
import { FrameError } from '../lib/errors.js'

/** A call to the API failed: no answer (status 0), an error status, or an answer of the wrong shape. */
export class ApiError extends FrameError {
  override name = 'ApiError'
  /** HTTP status; 0 when the API did not answer. */
  readonly status: number
  /** The API's error code (`ApiErrorBody.code`) when it sent one. */
  readonly apiCode: string | undefined
  constructor(message: string, options: { status: number; apiCode?: string | undefined; cause?: unknown }) {
    super('API_ERROR', message, { cause: options.cause })
    this.status = options.status
    this.apiCode = options.apiCode
  }
}

export declare namespace create {
  type Options = {
    /** Base URL of the API. */
    apiUrl: string
    /** The host's project, known once the host has sent init. */
    projectId(): string | undefined
    /** SDK type and version the host reported (`st`, `sv`). */
    sdk(): { type: string; version: string } | undefined
    timeoutMs?: number
    fetch?: typeof fetch
  }
}

export type Client = ReturnType<typeof create>

export type Call<T extends $ZodType> = {
  /** Query parameters besides projectId, st and sv. */
  query?: Record<string, string | number | boolean | undefined>
  /** JSON body; makes the call a POST. */
  body?: unknown
  /** What a successful answer must look like. */
  schema: T
  signal?: AbortSignal
  /** This call's own time limit, for one the API holds open on purpose; the client's otherwise. */
  timeoutMs?: number
  /** Extra request headers (the embedded wallet's `Authorization: Bearer`). */
  headers?: Record<string, string>
}

export function create(options: create.Options) {
  const { timeoutMs = 10_000 } = options
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args))
  const base = options.apiUrl.endsWith('/') ? options.apiUrl : `${options.apiUrl}/`

  function url(path: string, query: Call<$ZodType>['query'] = {}): URL {
    const target = new URL(path.replace(/^\//, ''), base)
    const projectId = options.projectId()
    const sdk = options.sdk()
    const all = { ...query, projectId, st: sdk?.type, sv: sdk?.version }
    for (const [key, value] of Object.entries(all))
      if (value !== undefined) target.searchParams.set(key, String(value))
    return target
  }

  async function call<T extends $ZodType>(path: string, request: Call<T>): Promise<output<T>> {
    const target = url(path, request.query)
    const limitMs = request.timeoutMs ?? timeoutMs
    const timeout = AbortSignal.timeout(limitMs)
    let response: Response
    try {
      response = await doFetch(target, {
        method: request.body === undefined ? 'GET' : 'POST',
        ...(request.body === undefined
          ? request.headers
            ? { headers: request.headers }
            : {}
          : {
              headers: { 'content-type': 'application/json', ...request.headers },
              body: JSON.stringify(request.body),
            }),
        signal: request.signal ? AbortSignal.any([request.signal, timeout]) : timeout,
      })
    } catch (error) {
      const reason = timeout.aborted ? `no answer within ${limitMs / 1000} s` : (error as Error).name
      throw new ApiError(`The Walletframe API did not answer (${reason})`, { status: 0, cause: error })
    }
    const json: unknown = await response.json().catch(() => undefined)
    if (!response.ok) {
      const body = ApiErrorBody.safeParse(json)
      throw new ApiError(
        body.success ? body.data.error : `The Walletframe API failed with HTTP ${response.status}`,
        {
          status: response.status,
          apiCode: body.success ? body.data.code : undefined,
        },
      )
    }
    const parsed = safeParse(request.schema, json)
    if (!parsed.success)
      throw new ApiError(`The Walletframe API sent an unexpected answer for ${target.pathname}`, {
        status: response.status,
        cause: parsed.error,
      })
    return parsed.data
  }

  return {
    /** The absolute URL of an API path, with no query: for an `<img>` of a public image route. */
    href: (path: string) => new URL(path.replace(/^\//, ''), base).href,
    get: <T extends $ZodType>(path: string, request: Omit<Call<T>, 'body'>) => call(path, request),
    post: <T extends $ZodType>(path: string, body: unknown, request: Omit<Call<T>, 'body'>) =>
      call(path, { ...request, body }),
  }
}
