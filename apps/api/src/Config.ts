// The API's configuration file: the protocol ChainsFile (networks, tokens with prices, contracts)
// plus projects and server options. The devstack's chains.local.json is a valid config as-is.
import { readFile } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { ChainsFile, parseDenyList, ReviewPolicy, SponsorshipPolicy, TokenList } from '@walletframe/protocol'
import { z } from 'zod'
import { AuthOptions } from './auth/config.js'
import { ConfigError, formatPath } from './errors.js'
import { OnrampConfig } from './onramp/config.js'

const Origin = z
  .string()
  .regex(/^https?:\/\/[^/\s?#]+$/, 'an origin is scheme://host[:port] with no path or trailing slash')

export const ProjectEntry = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, 'letters, digits, - and _ (1 to 128)'),
  name: z.string().min(1).max(200),
  allowedOrigins: z.array(Origin).default([]),
  analytics: z.object({ enabled: z.boolean().default(true) }).prefault({}),
  /** Gas it sponsors for smart accounts through the paymaster proxy; none when absent. */
  sponsorship: z.optional(SponsorshipPolicy),
  /**
   * The review before signing: the rules that block, the deny list (in a config file, `denyListFile`
   * names it, relative to the config file; @walletframe/protocol's denyList.ts has the format).
   */
  review: z.optional(ReviewPolicy).superRefine((review, context) => {
    if (review?.denyList === undefined) return
    try {
      parseDenyList(review.denyList)
    } catch (error) {
      context.addIssue({ code: 'custom', path: ['denyList'], message: (error as Error).message })
    }
  }),
})
export type ProjectEntry = z.infer<typeof ProjectEntry>

export const RateLimit = z.object({
  /** Burst size: requests allowed at once. */
  capacity: z.number().int().positive(),
  /** Sustained requests per second. */
  refillPerSecond: z.number().positive(),
})
export type RateLimit = z.infer<typeof RateLimit>

export const Options = z.object({
  /** Any http://localhost / 127.0.0.1 origin is allowed for every project. */
  development: z.boolean().default(false),
  /**
   * Origins of the hosted frame. The frame calls the API from its own origin on behalf of every
   * project, so these are allowed for all projects; the frame checks the host page's origin itself
   * against the project's list (GET /v1/projects/{id}/config).
   */
  frameOrigins: z.array(Origin).default([]),
  /** Blocks behind the head the indexer stays, so a reorg shallower than this never reaches the DB. */
  reorgSafeDepth: z.number().int().min(0).max(10_000).default(2),
  /** Upper bound on one upstream RPC round trip. */
  rpcTimeoutMs: z.number().int().min(50).max(120_000).default(5_000),
  /** How long portfolio and native balances are cached: 30 s. */
  balanceCacheTtlMs: z.number().int().min(0).default(30_000),
  /** How long ENS names and identities are cached: 5 min. */
  identityCacheTtlMs: z.number().int().min(0).default(300_000),
  rateLimits: z
    .object({
      perProject: RateLimit.default({ capacity: 600, refillPerSecond: 100 }),
      perIp: RateLimit.default({ capacity: 300, refillPerSecond: 50 }),
      /**
       * `shared` (default): one limit across all processes, in Redis (redisUrl) or the PostgreSQL
       * server, one round trip per limit per request. `process`: each process limits on its own, no
       * round trip, N processes admit N times the rate. PGlite (one process) always limits in process.
       */
      store: z.enum(['shared', 'process']).optional(),
    })
    .prefault({}),
  /** Base URL clients reach this API at (behind a proxy); the request's own origin when absent. */
  publicUrl: z.url().optional(),
  /**
   * Redis holding the rate limits that every API process shares ($REDIS_URL when absent). Without
   * it they live in PostgreSQL (a server database) or in the process (PGlite: one process only).
   */
  redisUrl: z
    .string()
    .regex(/^rediss?:\/\/\S+$/, 'a redis:// or rediss:// URL')
    .optional(),
  /** Read the client IP from X-Forwarded-For, its last entry (only behind one proxy that sets it). */
  trustProxy: z.boolean().default(false),
  names: z
    .object({
      /** The zone names are registered in: `label.zone`. */
      zone: z
        .string()
        .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)*$/, 'lowercase DNS labels joined by dots, e.g. wf.id')
        .max(190)
        .default('wf.id'),
      /** How far a registration message's timestamp may be from the server's clock, either way. */
      messageWindowSeconds: z.number().int().min(10).max(3_600).default(300),
    })
    .prefault({}),
  signIn: z
    .object({
      /** How long a sign-in nonce may wait to be signed and used. */
      nonceTtlSeconds: z.number().int().min(30).max(3_600).default(300),
    })
    .prefault({}),
  /** The on-ramp provider (routes/onramp.ts). */
  onramp: OnrampConfig.prefault({}),
  /** Email and social login of the embedded wallet (auth/config.ts). */
  auth: AuthOptions.prefault({}),
  /**
   * Wallet logos and token icons, which the API reads from their sources and serves to the frame from
   * a cache (the frame never asks a third party). In a config file `tokenListFile` names the token
   * list, relative to the config file.
   */
  images: z
    .object({
      /**
       * Where the wallet registry's logos are, `{id}` standing for the wallet's id
       * (`https://registry.example/logos/{id}.png`). Absent: each wallet's own `imageUrl` when it is http(s).
       */
      walletLogoUrl: z
        .string()
        .regex(/^https?:\/\/\S+$/, 'an http(s) URL')
        .refine((url) => url.includes('{id}'), 'names the wallet with {id}')
        .optional(),
      /** Token icons: a list in the Uniswap token-list shape; each token's `logoURI` is its icon. */
      tokenList: z.optional(z.object(TokenList.shape)),
      /** The largest image served (bytes); a bigger one is refused and the client shows its fallback. */
      maxBytes: z
        .number()
        .int()
        .min(1_024)
        .max(5 * 1024 * 1024)
        .default(256 * 1024),
      /** Image bytes one process keeps in memory. */
      cacheBytes: z
        .number()
        .int()
        .min(0)
        .default(32 * 1024 * 1024),
      /** How long an image is served from the cache before its source is read again: a day. */
      ttlMs: z.number().int().min(0).default(86_400_000),
      /** How long a failed source is not asked again: 5 min. */
      failureTtlMs: z.number().int().min(0).default(300_000),
      /** Upper bound on one read of a source. */
      timeoutMs: z.number().int().min(50).max(60_000).default(5_000),
    })
    .prefault({}),
  /** JSON-RPC proxy request limit (bytes). */
  rpcMaxBodyBytes: z
    .number()
    .int()
    .positive()
    .default(256 * 1024),
  indexer: z
    .object({
      enabled: z.boolean().default(true),
      pollIntervalMs: z.number().int().min(10).default(1_000),
      /** Blocks fetched per round trip. */
      batchBlocks: z.number().int().min(1).max(1_000).default(50),
      /**
       * How long a process's claim on a chain lasts without renewal (PostgreSQL server). One process
       * indexes each chain; the others follow its cursor and take over at most this long after it dies.
       * The holder renews every round, so keep it well above pollIntervalMs and one round's RPC time.
       * Default: 10 s, or 3 × pollIntervalMs when that is longer.
       */
      leaseMs: z.number().int().min(100).max(600_000).optional(),
      /** Where to start on a chain with no cursor yet: a block number, or `latest`. Default 0. */
      startBlock: z.record(z.string(), z.union([z.number().int().min(0), z.literal('latest')])).default({}),
    })
    .refine((indexer) => indexer.leaseMs === undefined || indexer.leaseMs >= 2 * indexer.pollIntervalMs, {
      path: ['leaseMs'],
      message: 'at least twice pollIntervalMs (the holder renews its lease once per round)',
    })
    .transform(({ leaseMs, ...indexer }) => ({
      ...indexer,
      leaseMs: leaseMs ?? Math.max(10_000, 3 * indexer.pollIntervalMs),
    }))
    .prefault({}),
})
export type Options = z.infer<typeof Options>

// The protocol's schemas are zod/mini, without methods: z.object(shape) is the same object schema in
// classic zod, which extend() then copies as it would the original.
export const ApiConfig = z.object(ChainsFile.shape).extend({
  projects: z.array(ProjectEntry).default([]),
  options: Options.prefault({}),
})
export type ApiConfig = z.infer<typeof ApiConfig>
export type ApiConfigInput = z.input<typeof ApiConfig>

/** Validates a config object; throws ConfigError naming the first bad field. */
export function parse(input: unknown, source = 'config'): ApiConfig {
  const result = ApiConfig.safeParse(input)
  if (!result.success) {
    const issue = result.error.issues[0]!
    const field = formatPath('', issue.path) || '(root)'
    throw new ConfigError(`Invalid ${source}: ${field}: ${issue.message}`, field)
  }
  const config = result.data
  const seen = new Set<string>()
  for (const [i, network] of config.networks.entries()) {
    if (seen.has(network.caipNetworkId)) {
      throw new ConfigError(
        `Invalid ${source}: networks[${i}].caipNetworkId: duplicate ${network.caipNetworkId}`,
        `networks[${i}].caipNetworkId`,
      )
    }
    seen.add(network.caipNetworkId)
  }
  return config
}

export async function load(path: string): Promise<ApiConfig> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    throw new ConfigError(`Cannot read config file ${path}: ${(error as Error).message}`)
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw new ConfigError(`Config file ${path} is not JSON: ${(error as Error).message}`)
  }
  return parse(await withTokenList(await withDenyLists(json, path), path), `config file ${path}`)
}

/** The config with `options.images.tokenListFile` read into `options.images.tokenList`. */
async function withTokenList(json: unknown, path: string): Promise<unknown> {
  const images = (json as { options?: { images?: { tokenListFile?: unknown; tokenList?: unknown } } } | null)
    ?.options?.images
  if (typeof images?.tokenListFile !== 'string') return json
  const file = resolve(dirname(path), images.tokenListFile)
  try {
    images.tokenList = JSON.parse(await readFile(file, 'utf8'))
  } catch (error) {
    throw new ConfigError(
      `Cannot read the token list (${file}): ${(error as Error).message}`,
      'options.images.tokenListFile',
    )
  }
  delete images.tokenListFile
  return json
}

/** The config with each project's `review.denyListFile` read into `review.denyList`. */
async function withDenyLists(json: unknown, path: string): Promise<unknown> {
  const projects = (json as { projects?: unknown } | null)?.projects
  if (!Array.isArray(projects)) return json
  for (const [index, project] of projects.entries()) {
    const review = (project as { review?: { denyListFile?: unknown; denyList?: unknown } } | null)?.review
    if (typeof review?.denyListFile !== 'string') continue
    const file = resolve(dirname(path), review.denyListFile)
    try {
      review.denyList = await readFile(file, 'utf8')
    } catch (error) {
      throw new ConfigError(
        `Cannot read the deny list of projects[${index}] (${file}): ${(error as Error).message}`,
        `projects[${index}].review.denyListFile`,
      )
    }
    delete review.denyListFile
  }
  return json
}
