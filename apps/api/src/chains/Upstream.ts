// A JSON-RPC client for one network's upstream endpoints with a hard timeout per attempt. Transport
// failures (refused, timeout, HTTP 5xx, not JSON) become UpstreamError, which the API answers with
// 502; JSON-RPC error objects stay data for the caller. The next URL is tried on a transport failure.
import { RpcResponseError, UpstreamError } from '../errors.js'

export type RpcRequest = { method: string; params?: unknown }
export type RpcResult = { result?: unknown; error?: { code: number; message: string; data?: unknown } }

export type Upstream = {
  chainId: string
  /** One call; throws RpcResponseError for a JSON-RPC error. */
  request<T = unknown>(method: string, params?: unknown): Promise<T>
  /** One HTTP round trip for many calls; results in request order, errors left in place. */
  batch(requests: RpcRequest[]): Promise<RpcResult[]>
}

export declare namespace create {
  type Options = {
    chainId: string
    urls: string[]
    timeoutMs: number
    fetch?: typeof fetch
  }
}

export function create(options: create.Options): Upstream {
  const { chainId, urls, timeoutMs, fetch: fetchFn = fetch } = options

  async function post(body: unknown): Promise<unknown> {
    // Outside the try: a body that cannot be serialized is this process's bug, not the node's outage.
    const json = JSON.stringify(body)
    let lastDetail = 'no RPC URL configured'
    let previous: { url: string | undefined; reset: boolean } = { url: undefined, reset: false }
    for (const url of [...urls].flatMap((url) => [url, url])) {
      // Each URL gets a second attempt only after a reset connection: a pooled keep-alive socket the
      // node closed as it was reused. Nothing was answered, and a JSON-RPC call sent again is safe
      // (reads, and a signed transaction that lands once whatever the count).
      if (url === previous.url && !previous.reset) continue
      previous = { url, reset: false }
      try {
        const response = await fetchFn(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: json,
          signal: AbortSignal.timeout(timeoutMs),
        })
        const text = await response.text()
        if (response.status >= 500 || response.status === 429) {
          lastDetail = `HTTP ${response.status}`
          continue
        }
        try {
          return JSON.parse(text)
        } catch {
          lastDetail = `HTTP ${response.status} with a non-JSON body`
        }
      } catch (error) {
        const name = (error as Error).name
        previous.reset = resetCodes.has(codeOf(error))
        lastDetail =
          name === 'TimeoutError' || name === 'AbortError'
            ? `no answer within ${timeoutMs} ms`
            : `connection failed (${causeOf(error)})`
      }
    }
    throw new UpstreamError(chainId, lastDetail)
  }

  return {
    chainId,
    async request<T>(method: string, params: unknown = []) {
      const answer = (await post({ jsonrpc: '2.0', id: 1, method, params })) as RpcResult
      if (answer && typeof answer === 'object' && answer.error) {
        throw new RpcResponseError(answer.error.code, answer.error.message, answer.error.data)
      }
      if (!answer || typeof answer !== 'object' || !('result' in answer)) {
        throw new UpstreamError(chainId, `malformed answer to ${method}`)
      }
      return answer.result as T
    },
    async batch(requests) {
      if (requests.length === 0) return []
      const body = requests.map((request, id) => ({
        jsonrpc: '2.0',
        id,
        method: request.method,
        params: request.params ?? [],
      }))
      const answer = await post(body)
      if (!Array.isArray(answer)) {
        // Some nodes answer a whole batch with one error object (e.g. batch too large).
        const error = (answer as RpcResult | null)?.error
        if (error) return requests.map(() => ({ error }))
        throw new UpstreamError(chainId, 'malformed batch answer')
      }
      const byId = new Map<number, RpcResult>()
      for (const item of answer as (RpcResult & { id: number })[]) byId.set(Number(item.id), item)
      return requests.map(
        (_, id) =>
          byId.get(id) ?? { error: { code: -32603, message: 'The upstream node left this call unanswered' } },
      )
    },
  }
}

/** How a reused socket the peer closed fails in Node's fetch (undici). */
const resetCodes = new Set<string | undefined>(['ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE'])

function codeOf(error: unknown): string | undefined {
  return (error as { cause?: { code?: string } }).cause?.code
}

function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause
  return cause?.code ?? cause?.message ?? (error as Error).message
}

/** Unwraps a batch item or throws its JSON-RPC error. */
export function unwrap<T>(item: RpcResult): T {
  if (item.error) throw new RpcResponseError(item.error.code, item.error.message, item.error.data)
  return item.result as T
}
