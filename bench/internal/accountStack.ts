// What the account benchmarks run on: the devnets, the API on them (embedded PostgreSQL), the frame
// pointed at it, and Chromium with a browser wallet of a devnet account connected in the demo page.
import { chromium, type FrameLocator, type Page } from '@playwright/test'
import { type Config, startApi } from '@walletframe/api'
import { evmAccount, startDevstack } from '@walletframe/devstack'
import type { ChainsFile } from '@walletframe/protocol'
import { injectBrowserWallet } from '../../e2e/lib/browserWallet.js'
import { rpcUrlsOf } from '../../e2e/lib/chains.js'
import { projectId, type Stack, startStack } from '../../e2e/lib/stack.js'
import { chromiumArgs } from '../../e2e/playwright.config.js'
import { buildApps } from '../../scripts/build-apps.js'

export type AccountBench = {
  page: Page
  modal: FrameLocator
  stack: Stack
  rpcUrls: Record<number, string>
  /** The devnets' chains file (contract and token addresses). */
  chains: ChainsFile
  close(): Promise<void>
}

export async function startAccountBench(options: {
  /** Devnet account whose key the browser wallet holds. */
  account: number
  apiOptions?: NonNullable<Config.ApiConfigInput['options']>
}): Promise<AccountBench> {
  await buildApps({ quiet: true })
  const devstack = await startDevstack({ relay: false, quiet: true })
  const stack = await startStack()
  stack.setNetworks(devstack.chainsFile.networks)
  const api = await startApi({
    config: {
      ...devstack.chainsFile,
      projects: [{ id: projectId, name: 'bench', allowedOrigins: [stack.demo.origin] }],
      options: { frameOrigins: [stack.frame.origin], ...options.apiOptions },
    },
    databaseUrl: undefined,
  })
  stack.setApiUrl(api.url)
  const rpcUrls = rpcUrlsOf(devstack.chainsFile)
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
  })
  const close = async () => {
    await browser.close()
    await api.stop()
    await stack.close()
    await devstack.stop()
  }
  try {
    const page = await browser.newPage()
    await injectBrowserWallet(page, {
      privateKey: evmAccount(options.account).privateKey as `0x${string}`,
      rpcUrls,
      chainId: 1,
    })
    await page.goto(stack.demoUrl())
    await page.getByTestId('open').click()
    const modal = page.frameLocator('iframe[title="Walletframe"]')
    await modal.getByTestId('wf-wallet-org.walletframe.testwallet').click()
    await page.getByTestId('state-status').getByText('connected').waitFor()
    return { page, modal, stack, rpcUrls, chains: devstack.chainsFile, close }
  } catch (error) {
    await close()
    throw error
  }
}
