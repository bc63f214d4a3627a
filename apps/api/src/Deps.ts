// What the API's handlers and middleware are given: the dependencies createApi builds once, and the
// Hono env (the per-request variables middleware sets for the handlers after it).
import type { IdentityResponse, TokenBalance } from '@walletframe/protocol'
import type { ApiConfig } from './Config.js'
import type { Networks } from './chains/Networks.js'
import type { PriceSource } from './chains/Prices.js'
import type { Db } from './db/Database.js'
import type { Project } from './db/projects.js'
import type { TokenIcons } from './images/TokenIcons.js'
import type { Limiter } from './internal/TokenBucket.js'
import type { TtlCache } from './internal/TtlCache.js'
import type { ProjectStore } from './ProjectStore.js'

export type Deps = {
  config: ApiConfig
  db: Db
  networks: Networks
  prices: PriceSource
  projects: ProjectStore
  balanceCache: TtlCache<TokenBalance[]>
  /** Which tokens have an icon the API serves (from the token list and the chains file). */
  tokenIcons: TokenIcons
  identityCache: TtlCache<IdentityResponse>
  limits: { perProject: Limiter; perIp: Limiter }
}

export type Env = {
  Variables: {
    /** The project the call names, set by requireProject. */
    project: Project
    /** The JSON body as read, before any schema: set by requireProject when the project id is in it. */
    body: unknown
  }
}
