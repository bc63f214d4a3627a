// What every route module shares: the dependencies it may use, the Hono env, and the route's
// description (paths and schemas) from which /openapi.json is generated.
import type { Hono } from 'hono'
import type { z } from 'zod'
import type { Env } from '../Deps.js'

// Deps and Env live below the routes so that middleware can use them without importing a route.
export type { Deps, Env } from '../Deps.js'
export type App = Hono<Env>

/** One endpoint as the OpenAPI document describes it. */
export type RouteDoc = {
  method: 'get' | 'post'
  /** OpenAPI form: `/v1/account/{address}/balance`. */
  path: string
  summary: string
  // zod core types: the protocol's schemas are zod/mini, the API's own are classic zod.
  params?: z.core.$ZodObject
  query?: z.core.$ZodObject
  body?: z.core.$ZodType
  response: z.core.$ZodType
  /** HTTP statuses other than 200 this endpoint answers with. */
  errors: number[]
}
