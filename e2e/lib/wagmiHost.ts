// The wagmi host page (wagmiHost.page.ts) served on the demo origin, configured with the devnets' EVM
// chains: the page of wagmi.spec.ts and of bench/wagmi-connect.ts.
import type { Page } from '@playwright/test'
import type { ChainsFile } from '@walletframe/protocol'
import { serveHostPage } from './hostPage.js'
import { projectId, type Stack } from './stack.js'

/** Serves the page for this Playwright page and returns its URL. */
export function serveWagmiHost(
  page: Page,
  stack: Pick<Stack, 'demo' | 'frame'>,
  chains: ChainsFile,
  options: {
    /** wagmi's EIP-6963 discovery; on (wagmi's default) unless false. */
    multiInjectedProviderDiscovery?: boolean | undefined
  } = {},
): Promise<string> {
  const { multiInjectedProviderDiscovery } = options
  const evm = chains.networks.filter((network) => network.chainNamespace === 'eip155')
  return serveHostPage(page, stack.demo.origin, {
    entry: new URL('./wagmiHost.page.ts', import.meta.url).pathname,
    path: '/wagmi.html',
    config: {
      frameUrl: stack.frame.url,
      projectId,
      networks: evm.map((network) => network.caipNetworkId),
      chains: evm.map((network) => ({
        id: network.id as number,
        name: network.name,
        rpcUrl: network.rpcUrls.default.http[0] as string,
      })),
      ...(multiInjectedProviderDiscovery === undefined ? {} : { multiInjectedProviderDiscovery }),
    },
  })
}
