// WalletConnect through the frame in Chromium, over the local relay with the Node test wallet
// (numbers for the README, never test assertions):
// - connect: the pairing URI on screen (frame clock) until the host's provider emits `connect`
//   (host clock; both epoch-based), the wallet pairing and approving as soon as it reads the URI;
// - round trip: provider.request personal_sign from the host, to the wallet and back.
// Usage: npx tsx bench/walletconnect-frame.ts [runs=20]
import { chromium } from '@playwright/test'
import { createTestWallet, startDevstack, startRelay } from '@walletframe/devstack'
import type { FrameConfigInput } from '@walletframe/protocol'
import { startStack } from '../e2e/lib/stack.js'
import { chromiumArgs } from '../e2e/playwright.config.js'
import { buildApps } from '../scripts/build-apps.js'

const runs = Number(process.argv[2] ?? 20)

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number
}
const ms = (value: number) => `${value.toFixed(1)} ms`

type Provider = {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on(event: string, listener: (data: unknown) => void): void
}
type BenchWindow = {
  walletframe: { provider: Provider; open(): Promise<void>; disconnect(): Promise<void> }
  __connectedAt?: number | undefined
}

await buildApps({ quiet: true })
const devstack = await startDevstack({ solana: false, relay: false, quiet: true })
const relay = await startRelay()
const stack = await startStack()
stack.setNetworks(devstack.chainsFile.networks)
const rpcUrls = Object.fromEntries(
  devstack.chainsFile.networks.map((network) => [
    network.caipNetworkId,
    network.rpcUrls.default.http[0] as string,
  ]),
)
const wallet = await createTestWallet({ relayUrl: relay.url, rpcUrls, accountIndex: 5 })
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: chromiumArgs,
})
const outbound: string[] = []
try {
  const page = await browser.newPage()
  // Outside the test runner Playwright waits forever by default; a stuck step should say so.
  page.setDefaultTimeout(20_000)
  page.on('request', (request) => {
    const { hostname, protocol } = new URL(request.url())
    if (protocol !== 'data:' && hostname !== '127.0.0.1' && hostname !== 'localhost')
      outbound.push(request.url())
  })
  await page.route(`${stack.frame.origin}/frame-config.json`, async (route) => {
    const response = await route.fetch()
    const config = (await response.json()) as FrameConfigInput
    await route.fulfill({
      response,
      json: { ...config, walletConnect: { projectId: 'bench', relayUrl: relay.url } },
    })
  })
  await page.goto(stack.demoUrl())
  await page.getByTestId('sdk-status').getByText('ready').waitFor()
  await page.evaluate(() => {
    const host = window as unknown as BenchWindow
    host.walletframe.provider.on('connect', () => {
      host.__connectedAt = performance.timeOrigin + performance.now()
    })
  })
  const modal = page.frameLocator('iframe[title="Walletframe"]')
  const frame = () => {
    const found = page.frames().find((candidate) => candidate.url().startsWith(stack.frame.origin))
    if (!found) throw new Error('frame not found')
    return found
  }

  const connect: number[] = []
  for (let i = 0; i < runs; i++) {
    await page.evaluate(() => {
      ;(window as unknown as BenchWindow).__connectedAt = undefined
    })
    // The frame stamps the moment the URI element appears (a string: tsx would wrap a function).
    await frame().evaluate(`window.__uriShownAt = new Promise((resolve) => {
      const seen = () => document.querySelector('[data-testid="wf-wc-uri"][data-uri^="wc:"]')
      const observer = new MutationObserver(() => {
        if (seen()) { observer.disconnect(); resolve(performance.timeOrigin + performance.now()) }
      })
      observer.observe(document.body, { subtree: true, childList: true, attributes: true })
    }); 0`) // The trailing 0 keeps evaluate from awaiting the promise.
    await page.getByTestId('open').click()
    await modal.getByTestId('wf-walletconnect').click()
    const uri = (await modal.getByTestId('wf-wc-uri').getAttribute('data-uri')) as string
    await wallet.pair(uri)
    await wallet.approveNextProposal()
    await page.getByTestId('state-status').getByText('connected', { exact: true }).waitFor()
    const shownAt = await frame().evaluate(
      () => (window as unknown as { __uriShownAt: Promise<number> }).__uriShownAt,
    )
    const connectedAt = await page.evaluate(() => (window as unknown as BenchWindow).__connectedAt)
    if (connectedAt === undefined) throw new Error('no connect event')
    connect.push(connectedAt - shownAt)
    if (i < runs - 1) {
      await page.evaluate(() => (window as unknown as BenchWindow).walletframe.disconnect())
      await page.getByTestId('state-status').getByText('disconnected').waitFor()
    }
  }

  const trips: number[] = await page.evaluate(
    async ({ count, address }) => {
      const { provider } = (window as unknown as BenchWindow).walletframe
      const times: number[] = []
      for (let i = 0; i < count; i++) {
        const start = performance.now()
        await provider.request({ method: 'personal_sign', params: [`0x${(1000 + i).toString(16)}`, address] })
        times.push(performance.now() - start)
      }
      return times
    },
    { count: runs, address: wallet.address },
  )

  console.log('| what | figure | script |')
  console.log('|---|---|---|')
  console.log(
    `| WalletConnect connect: URI shown to host \`connect\` (median / max of ${runs}) | ${ms(percentile(connect, 50))} / ${ms(Math.max(...connect))} | bench/walletconnect-frame.ts |`,
  )
  console.log(
    `| WalletConnect request round trip host -> wallet -> host, personal_sign (median / max of ${runs}) | ${ms(percentile(trips, 50))} / ${ms(Math.max(...trips))} | bench/walletconnect-frame.ts |`,
  )
  console.log(`| requests that left 127.0.0.1 | ${outbound.length} | bench/walletconnect-frame.ts |`)
} finally {
  await browser.close()
  await wallet.close()
  await stack.close()
  await relay.stop()
  await devstack.stop()
}
