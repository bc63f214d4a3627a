// What every login route shares: the contexts of the flows (each throws AUTH_NOT_CONFIGURED when its
// part is not configured), the project check, body reading within 16 KB, the per-IP start limits and
// where the frame lives, and the checks every login start makes (readStart). auth/routes.ts makes one
// per API; each flow's routes take it.
import { type DevicePublicKey, SdkQuery } from '@walletframe/protocol'
import type { Context as HonoContext, MiddlewareHandler } from 'hono'
import type { z } from 'zod'
import { InvalidRequestError, RateLimitedError } from '../errors.js'
import type { LimitStore, Rule } from '../limits/LimitStore.js'
import { isFrameOrigin, originAllowed, requireProject } from '../middleware/access.js'
import { clientIp } from '../middleware/rateLimit.js'
import type { Deps, Env } from '../routes/Route.js'
import * as validate from '../routes/validate.js'
import type { AuthOptions } from './config.js'
import * as DeviceKey from './deviceKey.js'
import type * as Email from './email.js'
import * as Envelope from './envelope.js'
import { AuthNotConfiguredError } from './errors.js'
import * as Farcaster from './farcaster.js'
import type * as FreshFactor from './freshFactor.js'
import * as Mailer from './Mailer.js'
import type * as Passkey from './passkey.js'
import { deriveKeys } from './secrets.js'
import type * as Sessions from './sessions.js'
import * as Social from './social.js'
import type * as SpendValue from './spendValue.js'
import type * as Wallet from './wallet.js'

/** JSON and form bodies of the login are small: 16 KB, then 413. */
export const bodyLimit = 16 * 1024

/** What every login route may answer besides its own: bad input, no session, a foreign origin, a limit. */
export const authErrors = [400, 401, 403, 429]

export type RouteContext = {
  settings: AuthOptions
  /** The shared limit store (the wallet calls' per-IP limit). */
  limitStore: LimitStore
  trustProxy: boolean
  /** The project check every route but the provider's callback runs. */
  project: MiddlewareHandler<Env>
  /** The SDK query checked, then the JSON body parsed with `schema`. */
  read<S extends z.core.$ZodType>(c: HonoContext, schema: S): Promise<z.infer<S>>
  sessions(): Sessions.Context
  email(): Email.Context
  social(c: HonoContext): Social.Context
  farcaster(): Farcaster.Context
  passkey(): Passkey.Context
  wallet(): Wallet.Context
  /** What checking a fresh factor needs: the wallet's context (TOTP) and the passkeys' (relying party). */
  freshFactor(): FreshFactor.Context
  /** The networks and prices a send's worth is weighed with. */
  market: SpendValue.Market
  /** Where a request's passkey ceremony ran: the page around the frame must be one the project allows. */
  where(c: HonoContext<Env>): Pick<Passkey.Where, 'hostAllowed'>
  /** The frame origin links and returns go to: the caller's when it is a frame (or local) origin. */
  frameOrigin(c: HonoContext): string
  /** Whether `origin` is a page the request's project allows (or the frame's, or local in development). */
  hostAllowed(c: HonoContext<Env>, origin: string): boolean
  /**
   * A login start's per-IP limit. It fails closed: a store error fails the call, because each start
   * mails someone or opens a login, which is what the limit rations; unlike the generic read limits,
   * being unavailable for a while is the lesser harm.
   */
  perIp(c: HonoContext, name: string, rule: Rule): Promise<void>
  /** The key, once checked to be a point on P-256. */
  deviceKeyOf(key: DevicePublicKey): Promise<DevicePublicKey>
}

export declare namespace create {
  type Options = {
    /** The shared limit store: the email cooldown, code tries and login starts per IP. */
    limitStore: LimitStore
    /** fetch for the providers (discovery, token, userinfo, JWKS). */
    fetch?: typeof fetch
  }
}

export function create(deps: Deps, options: create.Options): RouteContext {
  const settings = deps.config.options.auth
  const secret = settings.secret ?? process.env.WALLETFRAME_AUTH_SECRET
  const configured = secret !== undefined && secret.length >= 32
  const keys = configured ? deriveKeys(secret) : undefined
  const envelope = configured ? Envelope.fromSecret(secret) : undefined
  const mailer = settings.email ? Mailer.create(settings.email) : undefined
  const social = Social.create({
    providers: settings.social,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  })
  const farcaster = Farcaster.create(settings.farcaster)

  const sessions = (): Sessions.Context => {
    if (!keys) throw new AuthNotConfiguredError('Login (no auth secret configured)')
    return {
      db: deps.db,
      keys,
      accessTokenTtlSeconds: settings.accessTokenTtlSeconds,
      sessionTtlSeconds: settings.sessionTtlSeconds,
    }
  }

  const wallet = (): Wallet.Context => {
    const context = sessions()
    if (!envelope) throw new AuthNotConfiguredError('Login (no auth secret configured)')
    return { ...context, envelope }
  }

  return {
    settings,
    limitStore: options.limitStore,
    trustProxy: deps.config.options.trustProxy,
    project: requireProject(deps, { from: 'query' }),
    async read(c, schema) {
      validate.query(c, SdkQuery)
      return validate.body(await validate.json(c, bodyLimit), schema)
    },
    sessions,
    email() {
      if (!mailer) throw new AuthNotConfiguredError('Email login', 'email')
      return {
        ...sessions(),
        mailer,
        limits: options.limitStore,
        cooldownSeconds: settings.emailCooldownSeconds,
        triesPerAddress: settings.codeTriesPerAddress,
      }
    },
    social(c) {
      const { publicUrl, development } = deps.config.options
      // The provider returns to the API's own address. Taken from a request's Host header it would be
      // whatever the caller says, so outside development it must be configured (startApi sets it to
      // the address it listens on when that is one address).
      if (!publicUrl && !development)
        throw new AuthNotConfiguredError('Social login (no publicUrl configured for the API)')
      return {
        ...sessions(),
        social,
        apiBase: publicUrl?.replace(/\/$/, '') ?? new URL(c.req.url).origin,
      }
    },
    farcaster: () => ({ ...sessions(), farcaster }),
    passkey: () => ({ ...sessions(), rpId: settings.passkey.rpId, rpName: settings.passkey.rpName }),
    wallet,
    market: { networks: deps.networks, prices: deps.prices },
    freshFactor: () => ({ ...wallet(), rpId: settings.passkey.rpId, rpName: settings.passkey.rpName }),
    where(c) {
      return { hostAllowed: (origin) => originAllowed(c.var.project, origin, deps.config.options) }
    },
    frameOrigin(c) {
      const origin = c.req.header('origin')
      if (origin && isFrameOrigin(origin, deps.config.options)) return origin
      const first = deps.config.options.frameOrigins[0]
      if (!first) throw new AuthNotConfiguredError('Login (no frame origin configured)')
      return first
    },
    hostAllowed: (c, origin) => originAllowed(c.var.project, origin, deps.config.options),
    async perIp(c, name, rule) {
      const wait = await options.limitStore.take(
        `${name}:${clientIp(c, deps.config.options.trustProxy)}`,
        rule,
      )
      if (wait > 0) throw new RateLimitedError(wait, 'ip')
    },
    async deviceKeyOf(key) {
      if (!(await DeviceKey.isValid(key))) {
        throw new InvalidRequestError('Invalid body.deviceKey: not a P-256 public key', 'body.deviceKey')
      }
      return key
    },
  }
}

export declare namespace readStart {
  type Options<Body, Flow> = {
    /** The start's body, which names the device key. */
    schema: z.core.$ZodType<Body>
    /** The flow's context; it throws AUTH_NOT_CONFIGURED when the flow is not configured. */
    flow: () => Flow
    /** The name of the start's per-IP limit. */
    limit: string
    rule: Rule
  }
  type ReturnType<Body, Flow> = {
    body: Body
    flow: Flow
    /** What the flow opens its attempt for: the device key checked, the project and the frame origin. */
    attempt: { deviceKey: DevicePublicKey; projectId: string; frameOrigin: string }
  }
}

/**
 * A login start's checks, in this order: the query and body, the flow's configuration, the device key,
 * then the per-IP limit, so a call refused for any of the others takes nothing of the limit.
 */
export async function readStart<Body extends { deviceKey: DevicePublicKey }, Flow>(
  context: Pick<RouteContext, 'read' | 'deviceKeyOf' | 'perIp' | 'frameOrigin'>,
  c: HonoContext<Env>,
  options: readStart.Options<Body, Flow>,
): Promise<readStart.ReturnType<Body, Flow>> {
  const body = await context.read(c, options.schema)
  const flow = options.flow()
  const deviceKey = await context.deviceKeyOf(body.deviceKey)
  await context.perIp(c, options.limit, options.rule)
  return {
    body,
    flow,
    attempt: { deviceKey, projectId: c.var.project.id, frameOrigin: context.frameOrigin(c) },
  }
}
