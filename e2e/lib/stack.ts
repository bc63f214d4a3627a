// Servers for the specs and benchmarks: the frame on one origin, the demo host page on a second
// (allowed) origin and a third origin that the project does not allow. All on port 0.
import type { ChainNetwork, FrameConfigInput } from '@walletframe/protocol'
import { evmNetwork } from '@walletframe/protocol/testing'
import { demoDist, frameDist } from '../../scripts/build-apps.js'
import { frameHeaders, type Served, serveStatic } from '../../scripts/serveStatic.js'

export const projectId = 'e2e-project'

export type Stack = {
  frame: Served
  demo: Served
  foreign: Served
  /** The demo page URL with its configuration in the query. */
  demoUrl(options?: { networks?: string[] }): string
  foreignUrl(): string
  setNetworks(networks: ChainNetwork[]): void
}

export const unreachableNetworks: ChainNetwork[] = [evmNetwork(1, 'Ethereum'), evmNetwork(8453, 'Base')]

export async function startStack(): Promise<Stack & { close(): Promise<void> }> {
  let networks: ChainNetwork[] = unreachableNetworks
  let allowed: string[] = []
  const frame = await serveStatic({
    root: frameDist,
    headers: frameHeaders,
    json: {
      '/frame-config.json': (): FrameConfigInput => ({
        development: false,
        projects: [{ projectId, allowedOrigins: allowed }],
        networks,
      }),
    },
  })
  const demoConfig = () => ({
    frameUrl: frame.url,
    projectId,
    networks: networks.map((network) => network.caipNetworkId),
  })
  const demo = await serveStatic({ root: demoDist, json: { '/demo-config.json': demoConfig } })
  const foreign = await serveStatic({ root: demoDist, json: { '/demo-config.json': demoConfig } })
  allowed = [demo.origin]
  return {
    frame,
    demo,
    foreign,
    demoUrl: () => demo.url,
    foreignUrl: () => foreign.url,
    setNetworks(next) {
      networks = next
    },
    async close() {
      await Promise.all([frame.close(), demo.close(), foreign.close()])
    },
  }
}
