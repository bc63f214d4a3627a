// A request's JSON body, read within a byte limit: a 413 as soon as the limit is passed (counted while
// reading, since a chunked body announces no length), a 400 naming `body` when it is empty or not JSON.
// Shared by the route handlers (routes/validate.ts) and the middleware that finds a project id in it.
import type { Context } from 'hono'
import { InvalidRequestError, PayloadTooLargeError } from '../errors.js'

/** Reads the body as JSON within `maxBytes`; `unknown` until a schema parses it. */
export async function readJson(c: Context, maxBytes: number): Promise<unknown> {
  const declared = Number(c.req.header('content-length') ?? 0)
  if (declared > maxBytes) throw new PayloadTooLargeError(maxBytes)
  const chunks: Uint8Array[] = []
  let size = 0
  const reader = c.req.raw.body?.getReader()
  for (;;) {
    const next = await reader?.read()
    if (!next || next.done) break
    size += next.value.byteLength
    if (size > maxBytes) {
      await reader?.cancel()
      throw new PayloadTooLargeError(maxBytes)
    }
    chunks.push(next.value)
  }
  if (size === 0) throw new InvalidRequestError('Missing JSON body', 'body')
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'))
  } catch {
    throw new InvalidRequestError('Body is not valid JSON', 'body')
  }
}
