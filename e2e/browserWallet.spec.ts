// A browser wallet in the host page, used by the frame through the SDK's injected bridge: the
// host's EIP-1193 provider then signs and sends through it, against the devnets.

import type { Page } from '@playwright/test'
import { evmAccount } from '@walletframe/devstack'
import { createPublicClient, http, parseEther } from 'viem'
import { injectBrowserWallet } from './lib/browserWallet.js'
import { expect, rpcUrlsOf, test } from './lib/chains.js'
import { expectToast, projectId } from './lib/fixtures.js'
import { serveHostPage } from './lib/hostPage.js'
import { providerRequest, signAndVerify } from './lib/provider.js'

const holder = evmAccount(3)

const request = providerRequest

test.beforeEach(async ({ page, chains }) => {
  await injectBrowserWallet(page, {
    privateKey: holder.privateKey as `0x${string}`,
    rpcUrls: rpcUrlsOf(chains),
    chainId: 1,
  })
})

/** What e2e/lib/viemHost.page.ts exposes. */
type ViemHost = {
  host: {
    requestAddresses(): Promise<string[]>
    events(): string[]
    chainAtConnect(): Promise<number> | undefined
    state(): Record<string, unknown>
  }
  walletframe: { disconnect(): Promise<void> }
}

async function connect(page: Page) {
  await page.getByTestId('open').click()
  const modal = page.frameLocator('iframe[title="Walletframe"]')
  await modal.getByTestId('wf-wallet-org.walletframe.testwallet').click()
  await expect(page.getByTestId('state-status')).toHaveText('connected')
}

test('connects the browser wallet from the Connect view and tells the host', async ({ demo, modal }) => {
  await demo.getByTestId('open').click()
  await expect(modal.getByTestId('wf-wallet-org.walletframe.testwallet')).toContainText('Test Wallet')
  await modal.getByTestId('wf-wallet-org.walletframe.testwallet').click()
  await expect(demo.getByTestId('state-status')).toHaveText('connected')
  await expect(demo.getByTestId('state-address')).toHaveText(holder.address)
  await expect(demo.getByTestId('state-caip-address')).toHaveText(`eip155:1:${holder.address}`)
  await expect(demo.getByTestId('modal-open')).toHaveText('false')
  await expect(demo.getByTestId('provider-events')).toContainText(`accountsChanged ["${holder.address}"]`)
  expect(await request(demo, 'eth_accounts')).toEqual({ result: [holder.address] })
  // Opening again shows the Account view.
  await demo.getByTestId('open').click()
  await expect(modal.getByTestId('wf-account-address')).toContainText(holder.address.slice(0, 6))
  // The native balance, read from the devnet by the frame's lazily loaded EVM chain code.
  await expect(modal.getByTestId('wf-account-balance')).toHaveText(/^\d{1,3}(,\d{3})*(\.\d{1,3})? ETH$/)
})

test('personal_sign through the host provider gives a signature that verifies', async ({ demo }) => {
  await connect(demo)
  expect(await signAndVerify(demo, holder.address, 'Sign in to the demo')).toEqual({ verified: true })
})

test('eth_sendTransaction lands on the devnet and read calls answer from the chain', async ({
  demo,
  chains,
}) => {
  await connect(demo)
  const client = createPublicClient({ transport: http(rpcUrlsOf(chains)[1]) })
  const to = evmAccount(7).address as `0x${string}`
  const before = await client.getBalance({ address: to })
  const { result: hash } = await request(demo, 'eth_sendTransaction', [
    { from: holder.address, to, value: `0x${parseEther('0.25').toString(16)}` },
  ])
  const receipt = await client.waitForTransactionReceipt({ hash: hash as `0x${string}` })
  expect(receipt.status).toBe('success')
  expect(await client.getBalance({ address: to })).toBe(before + parseEther('0.25'))
  const { result: block } = await request(demo, 'eth_blockNumber')
  expect(BigInt(block as string)).toBeGreaterThanOrEqual(receipt.blockNumber)
})

test('switching network asks the wallet and the host sees chainChanged', async ({ demo }) => {
  await connect(demo)
  await demo.getByTestId('network-select').selectOption('eip155:8453')
  await demo.getByTestId('switch-network').click()
  await expect(demo.getByTestId('state-network')).toHaveText('eip155:8453')
  await expect(demo.getByTestId('provider-events')).toContainText('chainChanged "0x2105"')
  expect(await request(demo, 'eth_chainId')).toEqual({ result: '0x2105' })
  const calls = await demo.evaluate(
    () => (window as unknown as { __testWallet: { calls: string[] } }).__testWallet.calls,
  )
  expect(calls).toContain('wallet_switchEthereumChain')
})

test('a declined connection rejects eth_requestAccounts with 4001', async ({ demo, modal }) => {
  await demo.evaluate(() => {
    ;(window as unknown as { __testWallet: { declineNext: boolean } }).__testWallet.declineNext = true
  })
  const pending = request(demo, 'eth_requestAccounts')
  await modal.getByTestId('wf-wallet-org.walletframe.testwallet').click()
  await expectToast(modal, 'Connection declined')
  await demo.keyboard.press('Escape')
  expect(await pending).toEqual({ error: { code: 4001, message: 'User rejected the request.' } })
  await expect(demo.getByTestId('state-status')).toHaveText('disconnected')
})

test('the connection survives a reload of the host page, and disconnect ends it', async ({ demo }) => {
  await connect(demo)
  await demo.reload()
  await expect(demo.getByTestId('state-status')).toHaveText('connected')
  await expect(demo.getByTestId('state-address')).toHaveText(holder.address)
  await demo.getByTestId('disconnect').click()
  await expect(demo.getByTestId('state-status')).toHaveText('disconnected')
  await expect(demo.getByTestId('provider-events')).toContainText('disconnect')
  await demo.reload()
  await expect(demo.getByTestId('sdk-status')).toHaveText('ready')
  await expect(demo.getByTestId('state-status')).toHaveText('disconnected')
})

test('changes made in the wallet itself reach the host', async ({ demo }) => {
  await connect(demo)
  // The first wallet call subscribes the bridge to the wallet's events.
  await request(demo, 'personal_sign', ['0x00', holder.address])
  const emit = (event: string, data: unknown) =>
    demo.evaluate(
      ({ event, data }) =>
        (window as unknown as { __testWallet: { emit(e: string, d: unknown): void } }).__testWallet.emit(
          event,
          data,
        ),
      { event, data },
    )
  await emit('chainChanged', '0x2105')
  await expect(demo.getByTestId('state-network')).toHaveText('eip155:8453')
  await emit('accountsChanged', [])
  await expect(demo.getByTestId('state-status')).toHaveText('disconnected')
})

test("viem over the host's provider: connect carries the wallet's chain, not the host's default; after disconnect getState() keeps no account", async ({
  page,
  stack,
}) => {
  // The host lists Base first (its default network); the wallet is on Ethereum (chain 1).
  const url = await serveHostPage(page, stack.demo.origin, {
    entry: new URL('./lib/viemHost.page.ts', import.meta.url).pathname,
    path: '/viem.html',
    config: { frameUrl: stack.frame.url, projectId, networks: ['eip155:8453', 'eip155:1'] },
  })
  await page.goto(url)
  const events = () => page.evaluate(() => (window as unknown as ViemHost).host.events())
  const requested = page.evaluate(() => (window as unknown as ViemHost).host.requestAddresses())
  await page
    .frameLocator('iframe[title="Walletframe"]')
    .getByTestId('wf-wallet-org.walletframe.testwallet')
    .click()
  // The frame answers eth_requestAccounts after the events of the connection (one port, in order).
  expect(await requested).toEqual([holder.address])
  // No chainChanged around the connection: the provider connects on the wallet's chain.
  expect(await events()).toEqual([`accountsChanged ["${holder.address}"]`, 'connect {"chainId":"0x1"}'])
  expect(await page.evaluate(() => (window as unknown as ViemHost).host.chainAtConnect())).toBe(1)
  expect(await page.evaluate(() => (window as unknown as ViemHost).host.state())).toMatchObject({
    address: holder.address,
    caipAddress: `eip155:1:${holder.address}`,
    connector: 'injected',
  })

  await page.evaluate(() => (window as unknown as ViemHost).walletframe.disconnect())
  await expect.poll(events).toContain('disconnect 4900')
  expect(await page.evaluate(() => (window as unknown as ViemHost).host.state())).toEqual({
    status: 'disconnected',
    isConnected: false,
    allAccounts: [],
    ready: true,
    error: undefined,
  })
})
