// A JSON-RPC 2.0 call over HTTP to a chain endpoint, with a bounded wait and typed errors.
import { InternalRpcError, ProviderRpcError } from '@walletframe/protocol'

export type Options = { timeoutMs?: number; fetch?: typeof fetch }

let nextId = 1

export async function call(
  url: string,
  method: string,
  params: unknown,
  options: Options = {},
): Promise<unknown> {
  const { timeoutMs = 15_000, fetch: doFetch = fetch } = options
  let response: Response
  try {
    response = await doFetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params: params ?? [] }),
      signal: AbortSignal.timeout(timeoutMs),
    })
  } catch (error) {
    throw new InternalRpcError(`The network's RPC endpoint did not answer (${(error as Error).name})`)
  }
  if (!response.ok)
    throw new InternalRpcError(`The network's RPC endpoint failed with HTTP ${response.status}`)
  const body = (await response.json().catch(() => undefined)) as
    | { result?: unknown; error?: { code: number; message: string; data?: unknown } }
    | undefined
  if (!body) throw new InternalRpcError("The network's RPC endpoint sent an invalid response")
  if (body.error) throw new ProviderRpcError(body.error.code, body.error.message, body.error.data)
  return body.result
}
