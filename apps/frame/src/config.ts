// Loads the frame's runtime configuration, served beside the static files.
import { FrameConfig } from '@walletframe/protocol'

export class FrameConfigError extends Error {
  override readonly name = 'FrameConfigError'
  readonly code = 'FRAME_CONFIG_INVALID'
}

export async function load(url = '/frame-config.json'): Promise<FrameConfig> {
  const response = await fetch(url, { cache: 'no-store' })
  if (!response.ok) throw new FrameConfigError(`Could not load ${url}: HTTP ${response.status}`)
  const parsed = FrameConfig.safeParse(await response.json())
  if (!parsed.success)
    throw new FrameConfigError(
      `Invalid ${url}: ${parsed.error.issues.map((issue) => issue.path.join('.')).join(', ')}`,
    )
  return parsed.data
}
