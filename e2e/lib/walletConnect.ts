// WalletConnect for the specs: a local relay that a test can stop and restart on the same port, a
// Node test wallet on it, and the frame configured (per page) to use that relay.
import { expect, type FrameLocator, type Page } from '@playwright/test'
import { createTestWallet, startRelay, type TestWallet } from '@walletframe/devstack'
import type { ChainNetwork, ChainsFile, FrameConfigInput } from '@walletframe/protocol'
import { bitcoinNetworks } from '@walletframe/protocol/networks'
import { test as chainsTest } from './chains.js'
import { serviceStartTimeout } from './services.js'
import { hostnamesOf } from './stack.js'

export type RelayHandle = {
  readonly url: string
  stop(): Promise<void>
  /** Starts the relay again on the same port (its mailbox starts empty, like a restarted relay). */
  restart(): Promise<void>
  /** Starts it on its port if it is stopped. */
  start(): Promise<void>
}

/** A local relay that can be stopped and started again on the same port. */
async function startRelayHandle(): Promise<RelayHandle> {
  let relay = await startRelay()
  const { port, url } = relay
  let running = true
  const handle: RelayHandle = {
    url,
    async stop() {
      if (!running) return
      running = false
      await relay.stop()
    },
    async restart() {
      await handle.stop()
      await handle.start()
    },
    async start() {
      if (running) return
      relay = await startRelay({ port })
      running = true
    },
  }
  return handle
}

export const walletConnectProjectId = 'e2e-walletconnect'

export function rpcUrlsByCaip(chains: ChainsFile): Record<string, string> {
  return Object.fromEntries(
    chains.networks.map((network) => [network.caipNetworkId, network.rpcUrls.default.http[0] as string]),
  )
}

/** Serves the frame's config with `walletConnect` pointing at the local relay (additive). */
export async function useLocalRelay(page: Page, frameOrigin: string, relayUrl: string) {
  await page.route(`${frameOrigin}/frame-config.json`, async (route) => {
    // route.fetch() runs in Node, where the stack's host names (frame.test) do not resolve: ask the
    // address the browser maps them to.
    const url = new URL(route.request().url())
    url.hostname = '127.0.0.1'
    const response = await route.fetch({ url: url.href })
    const config = (await response.json()) as FrameConfigInput
    await route.fulfill({
      response,
      json: { ...config, walletConnect: { projectId: walletConnectProjectId, relayUrl } },
    })
  })
}

const loopback = ['127.0.0.1', 'localhost', '[::1]']

/**
 * Every request the page (and its frames) makes to a host other than the loopback interface and the
 * `local` host names (the stack's, which the browser maps to 127.0.0.1).
 */
export function recordOutbound(page: Page, local: string[] = []): string[] {
  const hosts = new Set([...loopback, ...local])
  const outbound: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.protocol === 'data:' || url.protocol === 'blob:') return
    if (!hosts.has(url.hostname)) outbound.push(request.url())
  })
  page.on('websocket', (socket) => {
    if (!hosts.has(new URL(socket.url()).hostname)) outbound.push(socket.url())
  })
  return outbound
}

/** Bitcoin mainnet, as the catalog has it: there is no Bitcoin node locally, so nothing may read it. */
export const bitcoinMainnet = bitcoinNetworks[0] as ChainNetwork

/** A Node test wallet on the local relay, with the RPC URLs of the devstack's chains; `options` add to that. */
export function testWalletOn(
  relay: Pick<RelayHandle, 'url'>,
  chains: ChainsFile,
  options: Omit<Parameters<typeof createTestWallet>[0], 'relayUrl' | 'rpcUrls'>,
): Promise<TestWallet> {
  return createTestWallet({ relayUrl: relay.url, rpcUrls: rpcUrlsByCaip(chains), ...options })
}

/**
 * Connects the test wallet from the Connect view's QR code: the wallet pairs from its URI and
 * approves the proposal; resolves with the session once the host says it is connected.
 */
export async function connectByQr(page: Page, modal: FrameLocator, wallet: TestWallet) {
  await page.getByTestId('open').click()
  await modal.getByTestId('wf-walletconnect').click()
  await expect(modal.getByTestId('wf-wc-qr').locator('img')).toBeVisible()
  const uri = (await modal.getByTestId('wf-wc-uri').getAttribute('data-uri')) as string
  await wallet.pair(uri)
  const session = await wallet.approveNextProposal()
  await expect(page.getByTestId('state-status')).toHaveText('connected')
  return session
}

export const test = chainsTest.extend<
  { wallet: TestWallet; outbound: string[]; withBitcoin: boolean; relay: RelayHandle },
  object
>({
  withRelay: true,
  /** The host's networks also offer Bitcoin mainnet (set per test: the pages read them as they load). */
  withBitcoin: [false, { option: true }],
  // One relay per worker, for every spec that uses one; a test that stopped it without starting it
  // again leaves it running for the next.
  relay: [
    async ({ services }, use) => {
      const relay = await services.get('relay', startRelayHandle, (handle) => handle.stop())
      await relay.start()
      await use(relay)
    },
    { timeout: serviceStartTimeout },
  ],
  page: async ({ page, stack, relay, chains, withBitcoin }, use) => {
    if (withBitcoin) stack.setNetworks([...chains.networks, bitcoinMainnet])
    await useLocalRelay(page, stack.frame.origin, relay.url)
    await use(page)
    if (withBitcoin) stack.setNetworks(chains.networks)
  },
  outbound: async ({ page, stack }, use) => {
    await use(recordOutbound(page, hostnamesOf(stack)))
  },
  wallet: async ({ relay, chains }, use) => {
    const wallet = await testWalletOn(relay, chains, { accountIndex: 4 })
    await use(wallet)
    await wallet.close()
  },
})

export { expect } from '@playwright/test'
