// Loads the frame's runtime configuration, served beside the static files.
import { FrameConfig } from '@walletframe/protocol'
import { FrameError } from '../lib/errors.js'
import { frameConfigRequest, frameConfigUrl } from './frameConfigUrl.js'

/** `/frame-config.json` is missing, unreachable or invalid: the operator's deployment is broken. */
export class FrameConfigError extends FrameError {
  override name = 'FrameConfigError'
  constructor(message: string, options?: { cause?: unknown }) {
    super('FRAME_CONFIG_INVALID', message, options)
  }
}

export async function load(url = frameConfigUrl, doFetch: typeof fetch = fetch): Promise<FrameConfig> {
  let response: Response
  try {
    response = await doFetch(url, frameConfigRequest())
  } catch (error) {
    throw new FrameConfigError(`Could not load ${url}: ${(error as Error).name}`, { cause: error })
  }
  if (!response.ok) throw new FrameConfigError(`Could not load ${url}: HTTP ${response.status}`)
  const parsed = FrameConfig.safeParse(await response.json().catch(() => undefined))
  if (!parsed.success)
    throw new FrameConfigError(
      `Invalid ${url}: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join(', ')}`,
      { cause: parsed.error },
    )
  return parsed.data
}
