// A real browser wallet for the specs, injected into the host page before it loads: an EIP-1193
// provider announced with EIP-6963 that signs with a devnet key (viem) and sends to the devnet.
// The page script is bundled on the fly; `window.__testWallet` lets a spec decline the next call.
import { expect, type FrameLocator, type Page } from '@playwright/test'
import { setBalance } from '@walletframe/devstack'
import type { ChainsFile } from '@walletframe/protocol'
import { build } from 'esbuild'
import { type Address, createPublicClient, http, type PublicClient } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { rpcUrlsOf } from './chains.js'

export type BrowserWalletOptions = {
  privateKey: `0x${string}`
  /** eip155 chain id -> RPC URL. */
  rpcUrls: Record<number, string>
  chainId: number
  name?: string
  rdns?: string
  /**
   * Whether the wallet forgets the site's permission on EIP-2255 wallet_revokePermissions (default
   * true). Many wallets do not implement it: the permission outlives a dapp's disconnect.
   */
  revokePermissions?: boolean
}

let bundled: Promise<string> | undefined

function bundle(): Promise<string> {
  bundled ??= build({
    entryPoints: [new URL('./browserWallet.page.ts', import.meta.url).pathname],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'error',
  }).then((result) => result.outputFiles[0]?.text ?? '')
  return bundled
}

export async function injectBrowserWallet(page: Page, options: BrowserWalletOptions) {
  const config = {
    name: 'Test Wallet',
    rdns: 'org.walletframe.testwallet',
    revokePermissions: true,
    ...options,
  }
  await page.addInitScript({
    content: `window.__testWalletConfig = ${JSON.stringify(config)};\n${await bundle()}`,
  })
}

/**
 * The test wallet with a fresh key holding `balance` wei on chain 1's devnet, injected into `page`
 * before it loads: its address, and a client on that devnet to check what it did there.
 */
export async function fundedBrowserWallet(
  page: Page,
  chains: ChainsFile,
  balance: bigint,
): Promise<{ account: Address; client: PublicClient }> {
  const privateKey = generatePrivateKey()
  const account = privateKeyToAccount(privateKey).address
  const rpcUrls = rpcUrlsOf(chains)
  const client = createPublicClient({ transport: http(rpcUrls[1] as string) })
  await setBalance(client, account, balance)
  await injectBrowserWallet(page, { privateKey, rpcUrls, chainId: 1 })
  return { account, client }
}

/** Connects the injected test wallet from the Connect view; with `thenOpen`, opens the Account view after. */
export async function connectBrowserWallet(
  page: Page,
  modal: FrameLocator,
  options: { thenOpen?: 'Account' } = {},
) {
  await page.getByTestId('open').click()
  await modal.getByTestId('wf-wallet-org.walletframe.testwallet').click()
  await expect(page.getByTestId('state-status')).toHaveText('connected')
  if (!options.thenOpen) return
  // Connecting closes the modal, and the host may hear "connected" before "closed": an Open clicked
  // between the two finds the modal still open, and the close that follows hides the view it asked for.
  await expect(page.getByTestId('modal-open')).toHaveText('false')
  await page.getByTestId('open').click()
  await expect(modal.getByTestId(`wf-view-${options.thenOpen}`)).toBeVisible()
}

/** The methods the injected test wallet was asked, in order. */
export function testWalletCalls(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __testWallet: { calls: string[] } }).__testWallet.calls)
}
