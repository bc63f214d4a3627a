// Parsing at the HTTP edge: query, path parameters and JSON bodies against their zod schemas. A
// failure is a 400 naming the field, never a 500. Schemas are typed as zod core schemas and parsed with
// z.safeParse, since the protocol's (zod/mini) and the API's own (classic zod) both arrive here.
import type { Context } from 'hono'
import { z } from 'zod'
import { InvalidRequestError, PayloadTooLargeError } from '../errors.js'

export function query<S extends z.core.$ZodType>(c: Context, schema: S): z.infer<S> {
  const result = z.safeParse(schema, c.req.query())
  if (!result.success) throw InvalidRequestError.fromZod('', result.error)
  return result.data
}

export function params<S extends z.core.$ZodType>(c: Context, schema: S): z.infer<S> {
  const result = z.safeParse(schema, c.req.param())
  if (!result.success) throw InvalidRequestError.fromZod('', result.error)
  return result.data
}

/** Reads the body as JSON within `maxBytes`; `unknown` until a schema parses it. */
export async function json(c: Context, maxBytes: number): Promise<unknown> {
  const declared = Number(c.req.header('content-length') ?? 0)
  if (declared > maxBytes) throw new PayloadTooLargeError(maxBytes)
  // Count while reading: a chunked body has no length to check up front.
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

export function body<S extends z.core.$ZodType>(value: unknown, schema: S): z.infer<S> {
  const result = z.safeParse(schema, value)
  if (!result.success) throw InvalidRequestError.fromZod('body', result.error)
  return result.data
}
