// wagmi connect through @walletframe/sdk/wagmi: @wagmi/core's connect() call on a host page until it
// resolves, with the browser wallet chosen in the modal as soon as it shows (Playwright clicks it);
// and a reload's reconnect(): navigation start until wagmi has the connection back. Devnets, the
// built frame, Chromium; median of the runs. Run: npx tsx bench/wagmi-connect.ts
import { chromium } from '@playwright/test'
import { evmAccount, startDevstack } from '@walletframe/devstack'
import { injectBrowserWallet } from '../e2e/lib/browserWallet.js'
import { rpcUrlsOf } from '../e2e/lib/chains.js'
import { startStack } from '../e2e/lib/stack.js'
import { serveWagmiHost } from '../e2e/lib/wagmiHost.js'
import { chromiumArgs } from '../e2e/playwright.config.js'
import { buildApps } from '../scripts/build-apps.js'

const runs = 10

type Host = {
  reconnected: Promise<string[]>
  reconnectMs(): number | undefined
  connect(): void
  connected(): Promise<unknown>
  connectMs(): number | undefined
  disconnect(): Promise<void>
}
type HostWindow = { host: Host }

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] as number
}

await buildApps({ quiet: true })
const devstack = await startDevstack({ relay: false, quiet: true })
const stack = await startStack()
stack.setNetworks(devstack.chainsFile.networks)
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: chromiumArgs,
})
try {
  const page = await browser.newPage()
  const rpcUrls = rpcUrlsOf(devstack.chainsFile)
  await injectBrowserWallet(page, { privateKey: evmAccount(6).privateKey, rpcUrls, chainId: 1 })
  const url = await serveWagmiHost(page, stack, devstack.chainsFile)
  await page.goto(url)
  const modal = page.frameLocator('iframe[title="Walletframe"]')
  const connects: number[] = []
  const reconnects: number[] = []
  for (let run = 0; run < runs; run++) {
    await page.evaluate(() => (window as unknown as HostWindow).host.connect())
    await modal.getByTestId('wf-wallet-org.walletframe.testwallet').click()
    await page.evaluate(() => (window as unknown as HostWindow).host.connected())
    connects.push((await page.evaluate(() => (window as unknown as HostWindow).host.connectMs())) as number)
    await page.reload()
    const ids = await page.evaluate(() => (window as unknown as HostWindow).host.reconnected)
    if (ids[0] !== 'walletframe') throw new Error(`reload did not reconnect: ${JSON.stringify(ids)}`)
    reconnects.push(
      (await page.evaluate(() => (window as unknown as HostWindow).host.reconnectMs())) as number,
    )
    await page.evaluate(() => (window as unknown as HostWindow).host.disconnect())
  }
  const format = (values: number[]) =>
    `${median(values).toFixed(0)} ms median (${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)} ms, ${runs} runs)`
  console.log('| Benchmark | Result | Target |')
  console.log('| --- | --- | --- |')
  console.log(
    `| wagmi connect() through the connector, browser wallet picked at once | ${format(connects)} | |`,
  )
  console.log(`| reload -> wagmi reconnect() resolved (from navigation start) | ${format(reconnects)} | |`)
} finally {
  await browser.close()
  await stack.close()
  await devstack.stop()
}
