// @walletframe/sdk/solana on a host page: getWallets() (@wallet-standard/app) lists Walletframe with
// the wallet-standard and Solana features; standard:connect opens the modal and the WalletConnect
// test wallet connects; messages sign with its Solana key; web3.js transfers land on the Solana devnet.
// The Solana wallet adapter pays through it on the devstack's RPC at 127.0.0.1 (solana:localnet).
import { createPublicKey, verify } from 'node:crypto'
import type { Page } from '@playwright/test'
import { PublicKey } from '@solana/web3.js'
import type { TestWallet } from '@walletframe/devstack'
import bs58 from 'bs58'
import { projectId } from './lib/fixtures.js'
import { serveHostPage } from './lib/hostPage.js'
import { expect, test } from './lib/walletConnect.js'

test.use({ withSolana: true })

type Host = {
  listed(): { name: string; chains: string[]; features: string[] }[]
  connect(): void
  connected(): Promise<string[]>
  silentConnect(): Promise<string[]>
  accounts(): { address: string; publicKey: string }[]
  changes(): string[][]
  signMessage(text: string): Promise<{ signature: string; message: string }>
  transfer(
    to: string,
    lamports: number,
    mode: 'signAndSend' | 'sign',
  ): Promise<{ signature: string; error: unknown; received: number }>
  disconnect(): Promise<void>
  adapter: {
    connect(): void
    send(
      to: string,
      lamports: number,
      endpoint: string,
    ): Promise<{ signature?: string; error: unknown; received?: number }>
  }
}
const host = <T>(page: Page, call: (host: Host) => T | Promise<T>) =>
  page.evaluate(`(${call.toString()})(window.host)`) as Promise<T>

/** An ed25519 signature check against a raw 32-byte Solana public key. */
function verifiesWith(address: string, message: Uint8Array, signature: Uint8Array): boolean {
  const key = createPublicKey({
    key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), new PublicKey(address).toBytes()]),
    format: 'der',
    type: 'spki',
  })
  return verify(null, message, key, signature)
}

async function connect(page: Page, wallet: TestWallet, through: 'wallet' | 'adapter' = 'wallet') {
  await host(page, through === 'adapter' ? (h) => h.adapter.connect() : (h) => h.connect())
  const modal = page.frameLocator('iframe[title="Walletframe"]')
  await modal.getByTestId('wf-walletconnect').click()
  await expect(modal.getByTestId('wf-wc-qr').locator('img')).toBeVisible()
  await wallet.pair((await modal.getByTestId('wf-wc-uri').getAttribute('data-uri')) as string)
  await wallet.approveNextProposal()
  return host(page, (h) => h.connected())
}

test.beforeEach(async ({ page, stack, chains }) => {
  const solana = chains.networks.find((network) => network.chainNamespace === 'solana')
  await page.goto(
    await serveHostPage(page, stack.demo.origin, {
      entry: new URL('./lib/solanaHost.page.ts', import.meta.url).pathname,
      path: '/solana.html',
      config: {
        frameUrl: stack.frame.url,
        projectId,
        networks: chains.networks.map((network) => network.caipNetworkId),
        solanaRpcUrl: solana?.rpcUrls.default.http[0],
      },
    }),
  )
})

test.afterEach(({ outbound }) => {
  expect(outbound).toEqual([])
})

test('getWallets() lists Walletframe; connect, signMessage, signAndSendTransaction and signTransaction work on the devnet', async ({
  page,
  wallet,
  chains,
}) => {
  expect(await host(page, (h) => h.listed())).toEqual([
    {
      name: 'Walletframe',
      chains: ['solana:mainnet', 'solana:devnet', 'solana:testnet', 'solana:localnet'],
      features: [
        'standard:connect',
        'standard:disconnect',
        'standard:events',
        'solana:signMessage',
        'solana:signTransaction',
        'solana:signAndSendTransaction',
      ],
    },
  ])
  // A silent connect (the wallet adapter's autoConnect) opens nothing while nobody is connected.
  expect(await host(page, (h) => h.silentConnect())).toEqual([])

  expect(await connect(page, wallet)).toEqual([wallet.solanaAddress])
  expect(await host(page, (h) => h.accounts())).toEqual([
    { address: wallet.solanaAddress, publicKey: wallet.solanaAddress },
  ])
  expect(await host(page, (h) => h.changes())).toEqual([[wallet.solanaAddress]])

  const signed = await host(page, (h) => h.signMessage('Sign in to the Solana host'))
  expect(verifiesWith(wallet.solanaAddress, bs58.decode(signed.message), bs58.decode(signed.signature))).toBe(
    true,
  )

  const to = chains.accounts.solana[1]?.address as string
  const sent = await page.evaluate(
    ({ to }) => (window as unknown as { host: Host }).host.transfer(to, 5_000, 'signAndSend'),
    { to },
  )
  expect(sent).toMatchObject({ error: null, received: 5_000 })
  const dappSent = await page.evaluate(
    ({ to }) => (window as unknown as { host: Host }).host.transfer(to, 7_000, 'sign'),
    { to },
  )
  expect(dappSent).toMatchObject({ error: null, received: 7_000 })
  expect(dappSent.signature).not.toBe(sent.signature)

  // standard:disconnect ends the frame's connection; the app hears the change.
  await host(page, (h) => h.disconnect())
  await expect.poll(() => host(page, (h) => h.accounts())).toEqual([])
  expect(await host(page, (h) => h.changes())).toEqual([[wallet.solanaAddress], []])
})

test("the Solana wallet adapter's sendTransaction on a 127.0.0.1 Connection (solana:localnet) lands on the devstack's cluster; a cluster the app has no network for fails saying so", async ({
  page,
  wallet,
  chains,
}) => {
  expect(await connect(page, wallet, 'adapter')).toEqual([wallet.solanaAddress])
  const solana = chains.networks.find((network) => network.chainNamespace === 'solana')
  const port = new URL(solana?.rpcUrls.default.http[0] as string).port
  const to = chains.accounts.solana[2]?.address as string
  const sent = await page.evaluate(
    ({ to, endpoint }) => (window as unknown as { host: Host }).host.adapter.send(to, 9_000, endpoint),
    { to, endpoint: `http://127.0.0.1:${port}` },
  )
  expect(sent).toMatchObject({ error: null, received: 9_000 })

  // The adapter names this endpoint solana:mainnet; the app's Walletframe has no such network.
  const refused = await page.evaluate(
    ({ to }) =>
      (window as unknown as { host: Host }).host.adapter.send(
        to,
        1_000,
        'https://api.mainnet-beta.solana.com',
      ),
    { to },
  )
  expect(refused).toEqual({
    error: { name: 'WalletSendTransactionError', message: 'Network not found: solana:mainnet', code: 4902 },
  })
})
