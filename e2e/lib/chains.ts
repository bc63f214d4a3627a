// A worker-scoped devstack (the two EVM devnets) for specs that need real chains.
import type { Page } from '@playwright/test'
import { startDevstack } from '@walletframe/devstack'
import type { ChainsFile } from '@walletframe/protocol'
import { test as base, type Stack } from './fixtures.js'

export const test = base.extend<
  { page: Page },
  { chains: ChainsFile; withSolana: boolean; withBundler: boolean }
>({
  // Every page of these specs loads after `chains`: the networks it sets are what the frame and
  // the demo page start with.
  page: async ({ page, chains: _chains }, use) => {
    await use(page)
  },
  /** Also run the Solana devnet (its network joins the host's networks). */
  withSolana: [false, { scope: 'worker', option: true }],
  /** Also run an ERC-4337 bundler per EVM devnet (smart accounts; about 5 s more to start). */
  withBundler: [false, { scope: 'worker', option: true }],
  chains: [
    async (
      { stack, withSolana, withBundler }: { stack: Stack; withSolana: boolean; withBundler: boolean },
      use: (chains: ChainsFile) => Promise<void>,
    ) => {
      const devstack = await startDevstack({
        solana: withSolana,
        bundler: withBundler,
        relay: false,
        quiet: true,
      })
      stack.setNetworks(devstack.chainsFile.networks)
      await use(devstack.chainsFile)
      await devstack.stop()
    },
    { scope: 'worker' },
  ],
})

export function rpcUrlsOf(chains: ChainsFile): Record<number, string> {
  return Object.fromEntries(
    chains.networks
      .filter((network) => network.chainNamespace === 'eip155')
      .map((network) => [network.id as number, network.rpcUrls.default.http[0] as string]),
  )
}

export { expect } from '@playwright/test'
