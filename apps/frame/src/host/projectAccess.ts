// Where the frame learns which host origins a project allows, and which networks it serves:
// from the API's project config when the frame has an API, else from its own configuration.
import {
  type ChainNetwork,
  type FrameConfig,
  InvalidAppConfigurationError,
  messages,
  ProjectConfigResponse,
} from '@walletframe/protocol'
import * as OriginCheck from './originCheck.js'

export type Access = { readonly networks: readonly ChainNetwork[] }

export type Options = {
  config: Pick<FrameConfig, 'apiUrl' | 'projects' | 'development' | 'networks'>
  projectId: string
  origin: string
  sdk: { type: string; version: string }
  fetch?: typeof fetch
}

/** Resolves the networks the host may use, or throws Invalid App Configuration with the reason. */
export async function resolve(options: Options): Promise<Access> {
  const { config, projectId, origin } = options
  if (!config.apiUrl) {
    const verdict = OriginCheck.check(config, projectId, origin)
    if (!verdict.allowed) throw new InvalidAppConfigurationError(verdict.reason)
    return { networks: config.networks }
  }
  const url = new URL(`v1/projects/${encodeURIComponent(projectId)}/config`, withSlash(config.apiUrl))
  url.search = new URLSearchParams({ projectId, st: options.sdk.type, sv: options.sdk.version }).toString()
  let response: Response
  try {
    response = await (options.fetch ?? fetch)(url, { signal: AbortSignal.timeout(10_000) })
  } catch {
    throw new InvalidAppConfigurationError('The Walletframe API did not answer')
  }
  if (response.status === 401 || response.status === 404)
    throw new InvalidAppConfigurationError(messages.invalidProjectId)
  if (response.status === 400) throw new InvalidAppConfigurationError(messages.projectIdNotConfigured)
  if (!response.ok)
    throw new InvalidAppConfigurationError(`The Walletframe API failed with HTTP ${response.status}`)
  const parsed = ProjectConfigResponse.safeParse(await response.json().catch(() => undefined))
  if (!parsed.success)
    throw new InvalidAppConfigurationError('The Walletframe API sent an invalid project config')
  const verdict = OriginCheck.check(
    {
      development: parsed.data.development,
      projects: [{ projectId, allowedOrigins: parsed.data.allowedOrigins }],
    },
    projectId,
    origin,
  )
  if (!verdict.allowed) throw new InvalidAppConfigurationError(verdict.reason)
  return { networks: parsed.data.networks }
}

function withSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`
}
