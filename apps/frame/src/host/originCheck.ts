// Decides whether a host origin may use the frame for a project: the step of the handshake where the
// frame checks the origin of `host:init` (docs/host-frame-channel.md, "The handshake", step 4).
import { type FrameConfig, messages } from '@walletframe/protocol'

export type OriginVerdict = { readonly allowed: true } | { readonly allowed: false; readonly reason: string }

const localhost = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/

/** A local origin the frame allows for every project while in development. */
export function isDevelopmentOrigin(config: Pick<FrameConfig, 'development'>, origin: string): boolean {
  return config.development && localhost.test(origin)
}

/**
 * An unknown project id, told apart only where the origin would be allowed anyway (development):
 * elsewhere it gets the answer of a known project that does not allow the origin, so a page on any
 * origin cannot learn which project ids exist.
 */
export function unknownProject(config: Pick<FrameConfig, 'development'>, origin: string): string {
  return isDevelopmentOrigin(config, origin) ? messages.invalidProjectId : messages.originNotAllowed
}

export function check(
  config: Pick<FrameConfig, 'projects' | 'development'>,
  projectId: string,
  origin: string,
): OriginVerdict {
  const project = config.projects.find((candidate) => candidate.projectId === projectId)
  if (isDevelopmentOrigin(config, origin)) return { allowed: true }
  if (!project) return { allowed: false, reason: unknownProject(config, origin) }
  if (project.allowedOrigins.includes(origin)) return { allowed: true }
  return { allowed: false, reason: messages.originNotAllowed }
}
