// What every route module shares: the dependencies it may use, the Hono env, and the route's
// description (paths and schemas) from which /openapi.json is generated.
import type { IdentityResponse, TokenBalance } from '@walletframe/protocol'
import type { Hono } from 'hono'
import type { z } from 'zod'
import type { ApiConfig } from '../Config.js'
import type { Networks } from '../chains/Networks.js'
import type { PriceSource } from '../chains/Prices.js'
import type { Db } from '../db/Database.js'
import type { Project } from '../db/projects.js'
import type { Limiter } from '../internal/TokenBucket.js'
import type { TtlCache } from '../internal/TtlCache.js'
import type { ProjectStore } from '../ProjectStore.js'

export type Deps = {
  config: ApiConfig
  db: Db
  networks: Networks
  prices: PriceSource
  projects: ProjectStore
  balanceCache: TtlCache<TokenBalance[]>
  identityCache: TtlCache<IdentityResponse>
  limits: { perProject: Limiter; perIp: Limiter }
}

export type Env = { Variables: { project: Project } }
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
