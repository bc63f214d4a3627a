// Worker-scoped servers for the specs: the frame on one origin, the demo host page on a second
// (allowed) origin and a third origin that the project does not allow. All on port 0.
import { test as base, type Frame, type FrameLocator, type Page } from '@playwright/test'
import type { ChainNetwork, FrameConfigInput } from '@walletframe/protocol'
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

export const unreachableNetworks: ChainNetwork[] = [
  {
    caipNetworkId: 'eip155:1',
    chainNamespace: 'eip155',
    id: 1,
    name: 'Ethereum',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    nativePriceUsd: 3000,
    rpcUrls: { default: { http: ['http://127.0.0.1:9/'] } },
    testnet: false,
    contracts: {},
    tokens: [],
    nfts: [],
  },
  {
    caipNetworkId: 'eip155:8453',
    chainNamespace: 'eip155',
    id: 8453,
    name: 'Base',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    nativePriceUsd: 3000,
    rpcUrls: { default: { http: ['http://127.0.0.1:9/'] } },
    testnet: false,
    contracts: {},
    tokens: [],
    nfts: [],
  },
]

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

export const test = base.extend<{ demo: Page; modal: FrameLocator }, { stack: Stack }>({
  stack: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
    async ({}, use) => {
      const stack = await startStack()
      await use(stack)
      await stack.close()
    },
    { scope: 'worker' },
  ],
  demo: async ({ page, stack }, use) => {
    await page.goto(stack.demoUrl())
    await use(page)
  },
  modal: async ({ demo }, use) => {
    await use(demo.frameLocator('iframe[title="Walletframe"]'))
  },
})

export { expect } from '@playwright/test'

/** The frame's Frame object (for evaluating inside it). */
export function frameOf(page: Page, stack: Pick<Stack, 'frame'>): Frame {
  const found = page.frames().find((frame) => frame.url().startsWith(stack.frame.origin))
  if (!found) throw new Error('The Walletframe iframe is not on the page')
  return found
}
