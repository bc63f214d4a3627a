// Project and origin checks with CORS: every project-scoped call names its project (SPEC §7), and a
// browser may only call from one of the project's allowed origins. CORS headers go only to those.
import { isProjectId } from '@walletframe/protocol'
import type { Context, MiddlewareHandler } from 'hono'
import type { Project } from '../db/projects.js'
import {
  AppConfigurationError,
  InvalidProjectIdError,
  OriginNotAllowedError,
  ProjectIdNotConfiguredError,
  RateLimitedError,
} from '../errors.js'
import type { Deps, Env } from '../routes/Route.js'

const localOrigin = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/

export function originAllowed(
  project: Pick<Project, 'allowedOrigins'>,
  origin: string,
  options: { development: boolean; frameOrigins: string[] },
): boolean {
  if (project.allowedOrigins.includes(origin) || options.frameOrigins.includes(origin)) return true
  return options.development && localOrigin.test(origin)
}

export declare namespace requireProject {
  type Options = {
    /** Where the id is: the query (`projectId`), or a path parameter of that name. */
    from: 'query' | 'path'
    /** Analytics answers a disallowed origin with "Invalid App Configuration" (SPEC §8). */
    deniedAs?: 'origin' | 'appConfiguration'
  }
}

/** Resolves `c.var.project`, rejects unknown projects and foreign origins, then applies the project's rate limit. */
export function requireProject(deps: Deps, options: requireProject.Options): MiddlewareHandler<Env> {
  return async (c, next) => {
    const id = options.from === 'path' ? c.req.param('projectId') : c.req.query('projectId')
    const project = await resolve(deps, id, c, options.deniedAs ?? 'origin')
    c.set('project', project)
    const wait = await deps.limits.perProject.take(project.id)
    if (wait > 0) throw new RateLimitedError(wait, 'project')
    await next()
  }
}

/** A project that allows no origin of its own: what every project allows (frame and development origins). */
const noProject: Pick<Project, 'allowedOrigins'> = { allowedOrigins: [] }

/** Whether `origin` is the frame's: a configured frame origin, or in development any local one. */
export function isFrameOrigin(
  origin: string,
  options: { development: boolean; frameOrigins: string[] },
): boolean {
  return originAllowed(noProject, origin, options)
}

/** Used where the project id may come from the body (POST /v1/fungible/price). */
export async function resolve(
  deps: Pick<Deps, 'projects' | 'config'>,
  id: string | undefined,
  c: Context,
  deniedAs: 'origin' | 'appConfiguration' = 'origin',
): Promise<Project> {
  if (!id) throw new ProjectIdNotConfiguredError()
  const origin = c.req.header('origin')
  const denied = () =>
    deniedAs === 'appConfiguration' ? new AppConfigurationError() : new OriginNotAllowedError()
  // A browser page on an origin no project could allow gets the answer of a known project that does
  // not allow it, whatever the id: any page can call, and it must not learn which ids exist.
  const unknown = () =>
    origin !== undefined && !isFrameOrigin(origin, deps.config.options)
      ? denied()
      : new InvalidProjectIdError()
  // No stored id has another form, and some strings (a NUL byte) would fail the query itself.
  if (!isProjectId(id)) throw unknown()
  const project = await deps.projects.get(id)
  if (!project) throw unknown()
  // Requests without Origin come from servers and tools, not browsers; CORS is a browser concern.
  if (origin !== undefined) {
    if (!originAllowed(project, origin, deps.config.options)) throw denied()
    c.header('access-control-allow-origin', origin)
    c.header('vary', 'Origin')
  }
  return project
}

/** CORS preflight: answered for an allowed origin of the project named in the query or path. */
export function preflight(deps: Deps): MiddlewareHandler<Env> {
  return async (c, next) => {
    if (c.req.method !== 'OPTIONS') return next()
    const fromPath = /^\/v1\/projects\/([^/]+)\/config$/.exec(c.req.path)?.[1]
    const id = fromPath ? tryDecode(fromPath) : c.req.query('projectId')
    const deniedAs = c.req.path === '/e' ? 'appConfiguration' : 'origin'
    await resolve(deps, id, c, deniedAs)
    c.header('access-control-allow-methods', 'GET, POST, OPTIONS')
    c.header('access-control-allow-headers', c.req.header('access-control-request-headers') ?? 'content-type')
    c.header('access-control-max-age', '600')
    return c.body(null, 204)
  }
}

/** A path segment decoded; as it came when it is not valid percent-encoded UTF-8 (resolve refuses it). */
function tryDecode(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}
