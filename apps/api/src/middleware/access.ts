// Project and origin checks with CORS: every project-scoped call names its project (a missing id is
// "Project ID Not Configured", an unknown one "Invalid Project ID"), and a browser may only call from
// one of the project's allowed origins. CORS headers go only to those.
import { isProjectId } from '@walletframe/protocol'
import type { Context, MiddlewareHandler } from 'hono'
import type { Deps, Env } from '../Deps.js'
import type { Project } from '../db/projects.js'
import {
  AppConfigurationError,
  InvalidProjectIdError,
  InvalidRequestError,
  OriginNotAllowedError,
  ProjectIdNotConfiguredError,
  RateLimitedError,
} from '../errors.js'
import { readJson } from '../internal/readJson.js'

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
    /** Analytics answers a disallowed origin with "Invalid App Configuration", not the allowlist error. */
    deniedAs?: 'origin' | 'appConfiguration'
  } & (
    | {
        /** Where the id is: the query (`projectId`), or a path parameter of that name. */
        from: 'query' | 'path'
      }
    | {
        /**
         * In the JSON body's `projectId`, or the query's when the body has none (a CORS preflight
         * cannot send a body, so a browser names the project in the query of both). The body is read
         * here, within `maxBytes`, and left in `c.var.body` for the handler's schema.
         */
        from: 'body'
        /** The most the body may hold; more is a 413. */
        maxBytes: number
      }
  )
}

/** Resolves `c.var.project`, rejects unknown projects and foreign origins, then applies the project's rate limit. */
export function requireProject(deps: Deps, options: requireProject.Options): MiddlewareHandler<Env> {
  return async (c, next) => {
    const id =
      options.from === 'body'
        ? await fromBody(c, options.maxBytes)
        : options.from === 'path'
          ? c.req.param('projectId')
          : c.req.query('projectId')
    const project = await resolve(deps, id, c, options.deniedAs ?? 'origin')
    c.set('project', project)
    const wait = await deps.limits.perProject.take(project.id)
    if (wait > 0) throw new RateLimitedError(wait, 'project')
    await next()
  }
}

/** The project id of a call that names it in its body; sets `c.var.body`. Two different ids are a 400. */
async function fromBody(c: Context<Env>, maxBytes: number): Promise<string | undefined> {
  const body = await readJson(c, maxBytes)
  c.set('body', body)
  const inQuery = c.req.query('projectId')
  const inBody =
    body && typeof body === 'object' && 'projectId' in body && typeof body.projectId === 'string'
      ? body.projectId
      : undefined
  if (inQuery && inBody && inQuery !== inBody)
    throw new InvalidRequestError(
      'Invalid body.projectId: differs from the projectId in the query',
      'body.projectId',
    )
  return inBody ?? inQuery
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

/** The project `id` names, if it exists and the request's origin may use it; sets the CORS headers. */
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
