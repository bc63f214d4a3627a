// The devnets (two EVM chains; Solana and bundlers when asked) for specs that need real chains, from the
// worker's shared services (services.ts). Specs share devnets only with specs of their own kind: the
// key names every option of a spec's servers, so a spec meets the chain state, the indexed history and
// the API data of specs configured as it is, never those of another kind.
import type { Page } from '@playwright/test'
import { startDevstack } from '@walletframe/devstack'
import type { ChainsFile, ReviewPolicy } from '@walletframe/protocol'
import type { E2eSponsorship } from './api.js'
import { test as base } from './fixtures.js'
import { serviceStartTimeout } from './services.js'
import { unreachableNetworks } from './stack.js'

/** What configures a spec's servers: the devnets, and the API and relay on them where the spec has them. */
export type ServerOptions = {
  /** Also run the Solana devnet (its network joins the host's networks). */
  withSolana: boolean
  /** Also run an ERC-4337 bundler per EVM devnet (smart accounts; about 5 s more to start). */
  withBundler: boolean
  /** The spec talks to the API (api.ts sets it). */
  withApi: boolean
  /** The spec uses the WalletConnect relay and test wallet (walletConnect.ts sets it). */
  withRelay: boolean
  /** The spec runs an API of its own kind on these devnets (a spec's own fixtures set it). */
  withOwnApi: string | undefined
  /**
   * Seconds between two login codes to one address: 30 by default, as deployed. Specs whose subject is not
   * the wait (a second device, an email update) shorten it instead of sitting it out.
   */
  emailCooldownSeconds: number
  /** None by default: the project sponsors no gas. */
  sponsorship: E2eSponsorship | undefined
  /** None by default: the review before signing runs with the default policy and no deny list. */
  review: ReviewPolicy | undefined
}

const serverOptionNames = [
  'withSolana',
  'withBundler',
  'withApi',
  'withRelay',
  'withOwnApi',
  'emailCooldownSeconds',
  'sponsorship',
  'review',
] as const satisfies readonly (keyof ServerOptions)[]

/** The key of a spec's devnets (and of the API on them) among the worker's services. */
export function serversKey(options: ServerOptions): string {
  return JSON.stringify(serverOptionNames.map((name) => options[name] ?? null))
}

export const test = base.extend<
  ServerOptions & { page: Page; chains: ChainsFile; serverOptions: ServerOptions },
  object
>({
  withSolana: [false, { option: true }],
  withBundler: [false, { option: true }],
  withApi: [false, { option: true }],
  withRelay: [false, { option: true }],
  withOwnApi: [undefined, { option: true }],
  emailCooldownSeconds: [30, { option: true }],
  sponsorship: [undefined, { option: true }],
  review: [undefined, { option: true }],
  serverOptions: async (
    { withSolana, withBundler, withApi, withRelay, withOwnApi, emailCooldownSeconds, sponsorship, review },
    use,
  ) => {
    await use({
      withSolana,
      withBundler,
      withApi,
      withRelay,
      withOwnApi,
      emailCooldownSeconds,
      sponsorship,
      review,
    })
  },
  chains: [
    async ({ stack, services, serverOptions }, use) => {
      const devstack = await services.get(
        `devnets ${serversKey(serverOptions)}`,
        () =>
          startDevstack({
            solana: serverOptions.withSolana,
            bundler: serverOptions.withBundler,
            relay: false,
            quiet: true,
          }),
        (started) => started.stop(),
      )
      stack.setNetworks(devstack.chainsFile.networks)
      await use(devstack.chainsFile)
      stack.setNetworks(unreachableNetworks)
    },
    { timeout: serviceStartTimeout },
  ],
  // Every page of these specs loads after `chains`: the networks it sets are what the frame and
  // the demo page start with.
  page: async ({ page, chains: _chains }, use) => {
    await use(page)
  },
})

export function rpcUrlsOf(chains: ChainsFile): Record<number, string> {
  return Object.fromEntries(
    chains.networks
      .filter((network) => network.chainNamespace === 'eip155')
      .map((network) => [network.id as number, network.rpcUrls.default.http[0] as string]),
  )
}

export { expect } from '@playwright/test'
