// A JSON-RPC 2.0 call over HTTP to a chain endpoint (the API's RPC proxy by default), with a
// bounded wait and EIP-1193 errors: what the host's read calls go through.
import { InternalRpcError, ProviderRpcError } from '@walletframe/protocol'
import * as z from 'zod/mini'

export type Options = { timeoutMs?: number; fetch?: typeof fetch }

const Answer = z.union([
  z.object({ result: z.unknown() }),
  z.object({ error: z.object({ code: z.number(), message: z.string(), data: z.optional(z.unknown()) }) }),
])

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
  const body = Answer.safeParse(await response.json().catch(() => undefined))
  if (body.success && 'error' in body.data)
    throw new ProviderRpcError(body.data.error.code, body.data.error.message, body.data.error.data)
  if (!response.ok)
    throw new InternalRpcError(`The network's RPC endpoint failed with HTTP ${response.status}`)
  if (!body.success) throw new InternalRpcError("The network's RPC endpoint sent an invalid response")
  return 'result' in body.data ? body.data.result : null
}
