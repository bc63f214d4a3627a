// The viem host page (viemHost.page.ts) from a spec: what it exposes on `window.host`, a login to a
// new embedded wallet on it, and viem's EIP-5792 actions run in the page over the SDK's provider.

import type { FrameLocator } from '@playwright/test'
import { expect, type Page } from '@playwright/test'
import type { ReviewRuleId } from '@walletframe/protocol'
import { type Address, createPublicClient, http, type PublicClient } from 'viem'
import type { test } from './api.js'
import { rpcUrlsOf } from './chains.js'
import { answerInFrame, hostState, loginByEmail } from './emailLogin.js'
import { serveHostPage } from './hostPage.js'
import { providerRequest } from './provider.js'
import { projectId } from './stack.js'

/** A call as the spec hands it over (no bigint crosses page.evaluate): value as a decimal string. */
export type Call = { to: Address; data?: `0x${string}`; value?: string }
export type Answer = {
  id?: string
  error?: { code?: number; message: string; details?: string; data?: unknown }
}
export type SendCallsRequest = {
  account: Address
  chainId: number
  forceAtomic?: boolean
  calls: Call[]
  permissions?: string
  capabilities?: { paymasterService?: { url: string; optional?: boolean } }
}
export type CallsStatus = {
  status: string
  statusCode: number
  atomic: boolean
  chainId: number
  receipts: { status: string; transactionHash: string }[]
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
    grantTokenAllowance(request: { token: Address; allowance: string; expiry: number }): Promise<{
      permissionsContext?: `0x${string}`
      expiry?: number
      types?: string[]
      error?: Answer['error']
    }>
    sendCalls(request: SendCallsRequest): Promise<Answer>
    waitForCallsStatus(id: string, pollingInterval?: number): Promise<CallsStatus>
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

/** viem's EIP-5792 and ERC-7715 actions, run in the host page on `chainId`. */
export function viemActions(page: Page, chainId: number) {
  return {
    getCapabilities: (account: Address) =>
      page.evaluate(
        ([account, chainId]) => (window as unknown as ViemHost).host.getCapabilities(account, chainId),
        [account, chainId] as const,
      ),
    sendCalls: (request: Omit<SendCallsRequest, 'chainId'>) =>
      page.evaluate((request) => (window as unknown as ViemHost).host.sendCalls(request), {
        ...request,
        chainId,
      }),
    // Asked every 250 ms rather than viem's 4 s: the status is the subject, not viem's pace.
    waitForCallsStatus: (id: string) =>
      page.evaluate((id) => (window as unknown as ViemHost).host.waitForCallsStatus(id, 250), id),
    grantNativeAllowance: (request: { allowance: bigint; expiry: number }) =>
      page.evaluate(
        ([allowance, expiry]) =>
          (window as unknown as ViemHost).host.grantNativeAllowance({ allowance, expiry }),
        [request.allowance.toString(), request.expiry] as const,
      ),
    grantTokenAllowance: (request: { token: Address; allowance: bigint; expiry: number }) =>
      page.evaluate(
        ([token, allowance, expiry]) =>
          (window as unknown as ViemHost).host.grantTokenAllowance({ token, allowance, expiry }),
        [request.token, request.allowance.toString(), request.expiry] as const,
      ),
  }
}

/**
 * A new embedded wallet on the viem host page at /{name}.html (the modal's `features` as given), on
 * its smart account: its two addresses, the chain the host is on, that network and a client on its
 * devnet, and viem's actions.
 */
export async function smartAccountOnViemHost(
  fixtures: Fixtures,
  name: string,
  features?: Record<string, boolean>,
) {
  const { page, chains } = fixtures
  const { modal, url } = await loginOnViemHost(fixtures, name, features)
  await expect
    .poll(async () => ((await hostState(page)) as HostAccount).embeddedWalletInfo?.accountType)
    .toBe('smartAccount')
  const state = (await hostState(page)) as HostAccount
  const eoa = state.allAccounts.find((account) => account.type === 'eoa')?.address as Address
  const chainId = Number((await providerRequest(page, 'eth_chainId')).result as string)
  const rpcUrl = rpcUrlsOf(chains)[chainId] as string
  const actions = viemActions(page, chainId)
  return {
    modal,
    url,
    smart: state.address,
    eoa,
    chainId,
    network: chains.networks.find((candidate) => candidate.id === chainId)!,
    rpcUrl,
    client: createPublicClient({ transport: http(rpcUrl) }) as PublicClient,
    ...actions,
    /**
     * Approves on ApproveTransaction the batch `sending` waits on; answers its status once it landed,
     * after checking it succeeded as one atomic UserOperation (one receipt) on the host's chain.
     */
    async approveAndLand(
      sending: Promise<Answer>,
      /** The review's warnings the batch brings (answerInFrame's `risks`). */
      risks?: readonly ReviewRuleId[],
    ): Promise<CallsStatus> {
      await answerInFrame(modal, 'approve', { method: 'wallet_sendCalls', ...(risks && { risks }) })
      const sent = await sending
      expect(sent.error).toBeUndefined()
      const status = await actions.waitForCallsStatus(sent.id as string)
      expect(status).toMatchObject({ status: 'success', statusCode: 200, atomic: true, chainId })
      expect(status.receipts).toHaveLength(1)
      return status
    },
  }
}

/** Switches the wallet to its EOA in Account, and closes the modal. */
export async function switchToEoa(page: Page, modal: FrameLocator) {
  await page.getByTestId('open').click()
  await modal.getByTestId('wf-account-type-switch').click()
  await expect(modal.getByTestId('wf-account-type-switch')).toHaveAttribute('data-account-type', 'eoa')
  await modal.getByTestId('wf-close').click()
}
