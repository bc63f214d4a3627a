// @walletframe/sdk/wagmi in a dapp built on @wagmi/core (e2e/lib/wagmiHost.page.ts): wagmi's connect
// opens the modal, its actions sign and send through the frame against the devnets with the browser
// wallet, switchChain and the frame's own events keep wagmi in step, a reload reconnects through
// Walletframe alone even though wagmi's EIP-6963 discovery has a connector of its own for the wallet.
import type { Page } from '@playwright/test'
import { evmAccount } from '@walletframe/devstack'
import type { ChainsFile } from '@walletframe/protocol'
import { createPublicClient, http, parseEther, verifyMessage, verifyTypedData } from 'viem'
import { injectBrowserWallet } from './lib/browserWallet.js'
import { expect, rpcUrlsOf, test } from './lib/chains.js'
import type { Stack } from './lib/fixtures.js'
import { hostnamesOf } from './lib/stack.js'
import { serveWagmiHost } from './lib/wagmiHost.js'
import { recordOutbound } from './lib/walletConnect.js'

const holder = evmAccount(3)
const testWallet = 'wf-wallet-org.walletframe.testwallet'

type Host = {
  reconnected: Promise<string[]>
  connect(): void
  connected(): Promise<{ accounts: string[]; chainId: number }>
  connectMs(): number | undefined
  connection(): { status: string; address?: string; chainId?: number; connector?: string }
  history(): string[]
  connectors(): string[]
  connections(): string[]
  mostConnections(): number
  signMessage(message: string): Promise<`0x${string}`>
  signTypedData(): Promise<`0x${string}`>
  sendTransaction(to: string, value: string): Promise<{ hash: string; status: string; chainId: number }>
  switchChain(chainId: number): Promise<number>
  disconnect(): Promise<void>
}
type HostWindow = {
  host: Host
  walletframe: {
    open(): Promise<void>
    switchNetwork(id: string): Promise<void>
    disconnect(): Promise<void>
  }
}

type Load = {
  /** wagmi's EIP-6963 discovery; on (wagmi's default) unless false. */
  multiInjectedProviderDiscovery?: boolean
  /** Whether the test wallet honours wallet_revokePermissions (default true). */
  revokePermissions?: boolean
}

/** Injects the test wallet and loads the wagmi host. */
async function load(page: Page, stack: Stack, chains: ChainsFile, options: Load = {}) {
  const { multiInjectedProviderDiscovery, revokePermissions = true } = options
  await injectBrowserWallet(page, {
    privateKey: holder.privateKey,
    rpcUrls: rpcUrlsOf(chains),
    chainId: 1,
    revokePermissions,
  })
  const url = await serveWagmiHost(page, stack, chains, { multiInjectedProviderDiscovery })
  await page.goto(url)
}

/** What reconnect() on load gave: the ids of the connectors it reconnected. */
const reconnected = (page: Page) => page.evaluate(() => (window as unknown as HostWindow).host.reconnected)
const connection = (page: Page) => page.evaluate(() => (window as unknown as HostWindow).host.connection())
/** The connectors wagmi holds a connection through now, and the most it held at once since the load. */
const connections = (page: Page) =>
  page.evaluate(() => {
    const { host } = window as unknown as HostWindow
    return { now: host.connections(), most: host.mostConnections() }
  })

async function connectThroughWagmi(page: Page) {
  await page.evaluate(() => (window as unknown as HostWindow).host.connect())
  await page.frameLocator('iframe[title="Walletframe"]').getByTestId(testWallet).click()
  return page.evaluate(() => (window as unknown as HostWindow).host.connected())
}

let outbound: string[] = []

test.beforeEach(async ({ page, stack }) => {
  outbound = recordOutbound(page, hostnamesOf(stack))
})

test.afterEach(() => {
  expect(outbound).toEqual([])
})

test("wagmi's connect, signMessage, signTypedData, sendTransaction and switchChain go through the connector", async ({
  page,
  stack,
  chains,
}) => {
  // Discovery off: at the end the test wallet emits accountsChanged, and wagmi's own connector for an
  // authorised wallet connects itself on that event. This test is about our connector's events.
  await load(page, stack, chains, { multiInjectedProviderDiscovery: false })
  expect(await reconnected(page)).toEqual([])
  expect(await connectThroughWagmi(page)).toEqual({ accounts: [holder.address], chainId: 1 })
  expect(await connection(page)).toEqual({
    status: 'connected',
    address: holder.address,
    chainId: 1,
    connector: 'walletframe',
  })

  const message = 'Sign in to the wagmi host'
  const signature = await page.evaluate((m) => (window as unknown as HostWindow).host.signMessage(m), message)
  expect(await verifyMessage({ address: holder.address, message, signature })).toBe(true)

  const typed = await page.evaluate(() => (window as unknown as HostWindow).host.signTypedData())
  expect(
    await verifyTypedData({
      address: holder.address,
      domain: { name: 'Walletframe', version: '1', chainId: 1 },
      types: { Greeting: [{ name: 'text', type: 'string' }] },
      primaryType: 'Greeting',
      message: { text: 'hello from wagmi' },
      signature: typed,
    }),
  ).toBe(true)

  const to = evmAccount(8).address
  const client = createPublicClient({ transport: http(rpcUrlsOf(chains)[1]) })
  const before = await client.getBalance({ address: to })
  const sent = await page.evaluate(
    ({ to, value }) => (window as unknown as HostWindow).host.sendTransaction(to, value),
    { to, value: parseEther('0.1').toString() },
  )
  expect(sent.status).toBe('success')
  expect(await client.getBalance({ address: to })).toBe(before + parseEther('0.1'))

  // wagmi's switchChain: the frame switches (asking the browser wallet), wagmi's state follows.
  expect(await page.evaluate(() => (window as unknown as HostWindow).host.switchChain(8453))).toBe(8453)
  expect((await connection(page)).chainId).toBe(8453)
  const calls = await page.evaluate(
    () => (window as unknown as { __testWallet: { calls: string[] } }).__testWallet.calls,
  )
  expect(calls).toContain('wallet_switchEthereumChain')
  // A chain not in wagmi's config is refused before the frame is asked.
  const refused = await page.evaluate(() =>
    (window as unknown as HostWindow).host.switchChain(999).then(
      () => 'switched',
      (error: Error) => error.name,
    ),
  )
  expect(refused).toBe('SwitchChainError')

  // A switch made outside wagmi (the host's own call, or the user in the modal) reaches wagmi as
  // chainChanged.
  await page.evaluate(() => (window as unknown as HostWindow).walletframe.switchNetwork('eip155:1'))
  await expect.poll(async () => (await connection(page)).chainId).toBe(1)

  // The wallet changes account: the frame reports accountsChanged, wagmi follows.
  const other = evmAccount(9).address
  await page.evaluate(
    (address) =>
      (window as unknown as { __testWallet: { emit(event: string, data: unknown): void } }).__testWallet.emit(
        'accountsChanged',
        [address],
      ),
    other,
  )
  await expect.poll(async () => (await connection(page)).address).toBe(other)
})

test("with wagmi's defaults a reload reconnects through Walletframe alone; disconnect from wagmi or the frame ends it; open() connects wagmi too", async ({
  page,
  stack,
  chains,
}) => {
  // wagmi's defaults (EIP-6963 discovery on), and a wallet that keeps the site's permission when the
  // frame disconnects (no EIP-2255 revoke): the frame's eth_requestAccounts authorised the wallet for
  // this page's origin, so wagmi's own connector for it would answer isAuthorized() on every reload.
  await load(page, stack, chains, { revokePermissions: false })
  expect(await page.evaluate(() => (window as unknown as HostWindow).host.connectors())).toEqual([
    'walletframe',
    'org.walletframe.testwallet',
  ])
  await connectThroughWagmi(page)
  expect(await connections(page)).toEqual({ now: ['walletframe'], most: 1 })
  await page.reload()
  expect(await reconnected(page)).toEqual(['walletframe'])
  expect(await connections(page)).toEqual({ now: ['walletframe'], most: 1 })
  expect(await connection(page)).toEqual({
    status: 'connected',
    address: holder.address,
    chainId: 1,
    connector: 'walletframe',
  })
  const signature = await page.evaluate(() => (window as unknown as HostWindow).host.signMessage('again'))
  expect(await verifyMessage({ address: holder.address, message: 'again', signature })).toBe(true)

  // wagmi's disconnect disconnects the frame, and the dapp: no connection of the wallet's own takes
  // over, now or after a reload.
  await page.evaluate(() => (window as unknown as HostWindow).host.disconnect())
  expect(await connection(page)).toMatchObject({ status: 'disconnected' })
  expect(await connections(page)).toEqual({ now: [], most: 1 })
  await page.reload()
  expect(await reconnected(page)).toEqual([])
  expect((await connection(page)).status).toBe('disconnected')
  expect(await connections(page)).toEqual({ now: [], most: 0 })

  // Disconnecting from the frame's side (the host's call, the modal's Disconnect) reaches wagmi.
  await connectThroughWagmi(page)
  await page.evaluate(() => (window as unknown as HostWindow).walletframe.disconnect())
  await expect.poll(async () => (await connection(page)).status).toBe('disconnected')
  const history = await page.evaluate(() => (window as unknown as HostWindow).host.history())
  expect(history.at(-1)).toBe('disconnected - -')

  // A user who connects through the host's own button (open(), not wagmi) is connected in wagmi too.
  await page.evaluate(() => (window as unknown as HostWindow).walletframe.open())
  await page.frameLocator('iframe[title="Walletframe"]').getByTestId(testWallet).click()
  await expect
    .poll(() => connection(page))
    .toEqual({ status: 'connected', address: holder.address, chainId: 1, connector: 'walletframe' })
  expect(await connections(page)).toEqual({ now: ['walletframe'], most: 1 })
})
