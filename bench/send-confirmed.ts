// Send confirmed on the devnet from the click (numbers for the README, never test assertions): a
// browser wallet in the host page, the Send view filled in, then the time from the click on Send to
// the receiver's balance showing the amount on the chain (read by viem from Node every 5 ms).
// Usage: npx tsx bench/send-confirmed.ts [runs=10]
import { chromium } from '@playwright/test'
import { startApi } from '@walletframe/api'
import { evmAccount, startDevstack } from '@walletframe/devstack'
import { createPublicClient, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { injectBrowserWallet } from '../e2e/lib/browserWallet.js'
import { rpcUrlsOf } from '../e2e/lib/chains.js'
import { projectId, startStack } from '../e2e/lib/stack.js'
import { chromiumArgs } from '../e2e/playwright.config.js'
import { buildApps } from '../scripts/build-apps.js'

const runs = Number(process.argv[2] ?? 10)
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number

await buildApps({ quiet: true })
const devstack = await startDevstack({ relay: false, quiet: true })
const stack = await startStack()
stack.setNetworks(devstack.chainsFile.networks)
const api = await startApi({
  config: {
    ...devstack.chainsFile,
    projects: [{ id: projectId, name: 'bench', allowedOrigins: [stack.demo.origin] }],
    options: { frameOrigins: [stack.frame.origin] },
  },
  databaseUrl: undefined,
})
stack.setApiUrl(api.url)
const rpcUrls = rpcUrlsOf(devstack.chainsFile)
const client = createPublicClient({ transport: http(rpcUrls[1]) })
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: chromiumArgs,
})
try {
  const page = await browser.newPage()
  await injectBrowserWallet(page, {
    privateKey: evmAccount(7).privateKey as `0x${string}`,
    rpcUrls,
    chainId: 1,
  })
  await page.goto(stack.demoUrl())
  await page.getByTestId('open').click()
  const modal = page.frameLocator('iframe[title="Walletframe"]')
  await modal.getByTestId('wf-wallet-org.walletframe.testwallet').click()
  await page.getByTestId('state-status').getByText('connected').waitFor()

  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    await page.evaluate(() =>
      (window as unknown as { walletframe: { open(options: object): Promise<void> } }).walletframe.open({
        view: 'WalletSend',
      }),
    )
    await modal.getByTestId('wf-send-amount').fill('0.01')
    await modal.getByTestId('wf-send-receiver').fill(receiver)
    await modal.getByTestId('wf-send-fee').waitFor()
    const started = performance.now()
    await modal.getByTestId('wf-send-submit').click()
    while ((await client.getBalance({ address: receiver })) !== parseEther('0.01'))
      await new Promise((resolve) => setTimeout(resolve, 5))
    times.push(performance.now() - started)
    await page.evaluate(() =>
      (window as unknown as { walletframe: { close(): Promise<void> } }).walletframe.close(),
    )
  }
  console.log('| what | figure | script |')
  console.log('|---|---|---|')
  console.log(
    `| Send (browser wallet) click -> confirmed on the devnet (median of ${runs}) | ${median(times).toFixed(0)} ms | bench/send-confirmed.ts |`,
  )
} finally {
  await browser.close()
  await api.stop()
  await stack.close()
  await devstack.stop()
}
