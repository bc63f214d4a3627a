// Parsing at the HTTP edge: query, path parameters and JSON bodies against their zod schemas. A
// failure is a 400 naming the field, never a 500. Schemas are typed as zod core schemas and parsed with
// z.safeParse, since the protocol's (zod/mini) and the API's own (classic zod) both arrive here.
import type { Context } from 'hono'
import { z } from 'zod'
import { InvalidRequestError } from '../errors.js'
import { readJson } from '../internal/readJson.js'

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
export const json = readJson

export function body<S extends z.core.$ZodType>(value: unknown, schema: S): z.infer<S> {
  const result = z.safeParse(schema, value)
  if (!result.success) throw InvalidRequestError.fromZod('body', result.error)
  return result.data
}
