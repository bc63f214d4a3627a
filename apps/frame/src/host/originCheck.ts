// Decides whether a host origin may use the frame for a project (ARCHITECTURE step 4).
import { type FrameConfig, messages } from '@walletframe/protocol'

export type OriginVerdict = { readonly allowed: true } | { readonly allowed: false; readonly reason: string }

const localhost = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/

export function check(
  config: Pick<FrameConfig, 'projects' | 'development'>,
  projectId: string,
  origin: string,
): OriginVerdict {
  const project = config.projects.find((candidate) => candidate.projectId === projectId)
  if (config.development && localhost.test(origin)) return { allowed: true }
  if (!project) return { allowed: false, reason: messages.invalidProjectId }
  if (project.allowedOrigins.includes(origin)) return { allowed: true }
  return { allowed: false, reason: messages.originNotAllowed }
}
