// Servers for the specs and benchmarks: the frame on one origin, the demo host page on a second
// (allowed) origin and a third origin that the project does not allow. All bind 127.0.0.1 on port 0;
// the specs address them by host names (`hosts`) that their browser maps to 127.0.0.1, so that the
// frame is on another site than its host pages, as in production. Without names (the benchmarks),
// all three are origins of the one site 127.0.0.1.
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
  /**
   * Points the frame at an API (its networks then come from the API's project config), or at none;
   * `passKey`: the API's pass key (passPublicKey of its auth secret) the Worker checks passes with.
   */
  setApiUrl(url: string | undefined, passKey?: string): void
  /** Headers the demo host page is served with, read per request (a spec may set a CSP; empty by default). */
  demoHeaders: Record<string, string>
}

/** The host names the servers are addressed by (each must resolve to 127.0.0.1 in the browser). */
export type Hosts = { frame: string; demo: string; foreign: string }

/** Every host name a stack's pages use, for the browser's resolver rules and secure origins. */
export function hostnamesOf(stack: Pick<Stack, 'frame' | 'demo' | 'foreign'>): string[] {
  return [stack.frame, stack.demo, stack.foreign].map((served) => new URL(served.origin).hostname)
}

export const unreachableNetworks: ChainNetwork[] = [evmNetwork(1, 'Ethereum'), evmNetwork(8453, 'Base')]

export async function startStack(
  options: { hosts?: Hosts } = {},
): Promise<Stack & { close(): Promise<void> }> {
  const { hosts } = options
  let networks: ChainNetwork[] = unreachableNetworks
  let allowed: string[] = []
  let apiUrl: string | undefined
  let passKey: string | undefined
  const frame = await serveStatic({
    root: frameDist,
    ...(hosts && { hostname: hosts.frame }),
    headers: frameHeaders,
    json: {
      '/frame-config.json': (): FrameConfigInput => ({
        development: false,
        projects: [{ projectId, allowedOrigins: allowed }],
        networks,
        ...(apiUrl && { apiUrl }),
        ...(apiUrl && passKey && { passKey }),
      }),
    },
  })
  const demoConfig = () => ({
    frameUrl: frame.url,
    projectId,
    networks: networks.map((network) => network.caipNetworkId),
  })
  const json = { '/demo-config.json': demoConfig }
  const demoHeaders: Record<string, string> = {}
  const demo = await serveStatic({
    root: demoDist,
    json,
    headers: demoHeaders,
    ...(hosts && { hostname: hosts.demo }),
  })
  const foreign = await serveStatic({ root: demoDist, json, ...(hosts && { hostname: hosts.foreign }) })
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
    setApiUrl(url, key) {
      apiUrl = url
      passKey = key
    },
    demoHeaders,
    async close() {
      await Promise.all([frame.close(), demo.close(), foreign.close()])
    },
  }
}
