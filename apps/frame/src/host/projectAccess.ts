// Where the frame learns which host origins a project allows, and which networks it serves:
// from the API's project config when the frame has an API, else from its own configuration.
// "Invalid App Configuration" means only that: the origin is not allowed or the project is
// unknown. An API that cannot be reached is a different failure with its own message.
import {
  type ChainNetwork,
  type FrameConfig,
  InvalidAppConfigurationError,
  messages,
  ProjectConfigResponse,
  ProviderRpcError,
  rpcErrorCodes,
} from '@walletframe/protocol'
import { ApiError, type Client } from '../data/client.js'
import * as OriginCheck from './originCheck.js'

export type Access = {
  readonly networks: readonly ChainNetwork[]
  /** The project's deny list (its text), when the API gives one. */
  readonly denyList?: string | undefined
}

/** The frame could not reach its API (network down, API failing): not the host's fault. */
export class ServiceUnavailableError extends ProviderRpcError {
  override name = 'ServiceUnavailableError'
  constructor(detail: string) {
    super(
      rpcErrorCodes.disconnected,
      'Walletframe could not reach its service. Check the connection, then try again.',
      detail,
    )
  }
}

export type Options = {
  config: Pick<FrameConfig, 'projects' | 'development' | 'networks'>
  /** The API client, when the frame has an API. */
  client: Pick<Client, 'get'> | undefined
  projectId: string
  origin: string
}

/** Resolves the networks the host may use, or throws why it may not (or why nobody can tell). */
export async function resolve(options: Options): Promise<Access> {
  const { config, projectId, origin, client } = options
  if (!client) {
    const verdict = OriginCheck.check(config, projectId, origin)
    if (!verdict.allowed) throw new InvalidAppConfigurationError(verdict.reason)
    return { networks: config.networks }
  }
  let project: ProjectConfigResponse
  try {
    project = await client.get(`v1/projects/${encodeURIComponent(projectId)}/config`, {
      schema: ProjectConfigResponse,
    })
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    if (error.status === 401 || error.status === 404)
      throw new InvalidAppConfigurationError(OriginCheck.unknownProject(config, origin))
    if (error.status === 400) throw new InvalidAppConfigurationError(messages.projectIdNotConfigured)
    if (error.status === 403) throw new InvalidAppConfigurationError(messages.originNotAllowed)
    throw new ServiceUnavailableError(error.message)
  }
  const verdict = OriginCheck.check(
    { development: project.development, projects: [{ projectId, allowedOrigins: project.allowedOrigins }] },
    projectId,
    origin,
  )
  if (!verdict.allowed) throw new InvalidAppConfigurationError(verdict.reason)
  return { networks: project.networks, ...(project.denyList && { denyList: project.denyList }) }
}
