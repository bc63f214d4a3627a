// The viem host page (viemHost.page.ts) from a spec: what it exposes on `window.host`, and a login
// to a new embedded wallet on it.
import type { Address } from 'viem'
import type { test } from './api.js'
import { loginByEmail } from './emailLogin.js'
import { serveHostPage } from './hostPage.js'
import { projectId } from './stack.js'

export type Call = { to: Address; data?: `0x${string}`; value?: string }
export type Answer = {
  id?: string
  error?: { code?: number; message: string; details?: string; data?: unknown }
}
/** What e2e/lib/viemHost.page.ts exposes for EIP-5792 and ERC-7715. */
export type ViemHost = {
  host: {
    getCapabilities(account: Address, chainId: number): Promise<unknown>
    grantNativeAllowance(request: { allowance: string; expiry: number }): Promise<{
      permissionsContext?: `0x${string}`
      expiry?: number
      types?: string[]
      error?: Answer['error']
    }>
    sendCalls(request: {
      account: Address
      chainId: number
      forceAtomic?: boolean
      calls: Call[]
      permissions?: string
    }): Promise<Answer>
    waitForCallsStatus(
      id: string,
      pollingInterval?: number,
    ): Promise<{
      status: string
      statusCode: number
      atomic: boolean
      chainId: number
      receipts: { status: string; transactionHash: string }[]
    }>
  }
}
export type HostAccount = {
  address: Address
  allAccounts: { namespace: string; address: Address; type: string }[]
  embeddedWalletInfo?: { accountType: string }
}

type Fixtures = Pick<Parameters<Parameters<typeof test>[2]>[0], 'page' | 'stack' | 'chains'>

/**
 * The viem host page at /{name}.html, logged in to a new embedded wallet (email {name}-…); the
 * modal's `features` as given.
 */
export async function loginOnViemHost(
  { page, stack, chains }: Fixtures,
  name: string,
  features?: Record<string, boolean>,
) {
  const url = await serveHostPage(page, stack.demo.origin, {
    entry: new URL('./viemHost.page.ts', import.meta.url).pathname,
    path: `/${name}.html`,
    config: {
      frameUrl: stack.frame.url,
      projectId,
      networks: chains.networks.map((n) => n.caipNetworkId),
      ...(features ? { features } : {}),
    },
  })
  const email = `${name}-${Date.now()}@example.test`
  return {
    ...(await loginByEmail(page, { demoUrl: url, mailUrl: chains.services.mail as string }, email)),
    url,
  }
}
