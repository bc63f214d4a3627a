// What survives a reload of the host page, in each storage regime the browser gives the frame
// (README "Storage regimes"): the WalletConnect session, the browser-wallet connection and the
// recent wallets. Where the frame has storage (unpartitioned, partitioned) it keeps them itself;
// where it has none (blocked) the SDK keeps them in the host page's storage for it.
import type { Page } from '@playwright/test'
import { evmAccount } from '@walletframe/devstack'
import { injectBrowserWallet } from './lib/browserWallet.js'
import { rpcUrlsOf } from './lib/chains.js'
import { frameOf, projectId } from './lib/fixtures.js'
import { signAndVerify } from './lib/provider.js'
import { expect, test } from './lib/walletConnect.js'

/** The copy of the frame's state the SDK keeps in the host page's localStorage, if any. */
function hostCopy(page: Page): Promise<Record<string, string> | null> {
  return page.evaluate((key) => {
    const blob = localStorage.getItem(key)
    return blob ? (JSON.parse(blob) as Record<string, string>) : null
  }, `walletframe:${projectId}`)
}

test('a WalletConnect session and its recent wallet survive a reload', async ({
  demo,
  modal,
  wallet,
  regime,
  stack,
}) => {
  await demo.getByTestId('open').click()
  await modal.getByTestId('wf-all-wallets').click()
  await modal.getByTestId('wf-wallet-search').fill('rainb')
  await modal.getByTestId('wf-wc-wallet-rainbow').click()
  const uri = (await modal.getByTestId('wf-wc-uri').getAttribute('data-uri')) as string
  await wallet.pair(uri)
  await wallet.approveNextProposal()
  await expect(demo.getByTestId('state-status')).toHaveText('connected')

  // Where the state lives: the host page's copy only when the frame has no storage of its own.
  const frameHasStorage = await frameOf(demo, stack).evaluate(() => {
    try {
      return localStorage.length >= 0
    } catch {
      return false
    }
  })
  expect(frameHasStorage).toBe(regime !== 'blocked')
  if (regime === 'blocked') {
    await expect
      .poll(async () => Object.keys((await hostCopy(demo)) ?? {}))
      .toEqual(expect.arrayContaining(['walletframe:connector', 'walletframe:recentWallets']))
    // The WalletConnect session itself (sign-client's store) is in the copy too.
    expect(Object.keys((await hostCopy(demo)) ?? {}).some((key) => key.startsWith('wc:'))).toBe(true)
  } else expect(await hostCopy(demo)).toBeNull()

  await demo.reload()
  await expect(demo.getByTestId('state-status')).toHaveText('connected')
  await expect(demo.getByTestId('state-address')).toHaveText(wallet.address)
  expect(await signAndVerify(demo, wallet.address, `after reload, ${regime}`)).toEqual({ verified: true })

  await demo.getByTestId('disconnect').click()
  await expect(demo.getByTestId('state-status')).toHaveText('disconnected')
  await demo.reload()
  await expect(demo.getByTestId('sdk-status')).toHaveText('ready')
  await expect(demo.getByTestId('state-status')).toHaveText('disconnected')
  // The recent wallet outlives the session.
  await demo.getByTestId('open').click()
  const recent = modal.getByTestId('wf-view-Connect').locator('.wf-list-item').nth(1)
  await expect(recent).toHaveAttribute('data-testid', 'wf-wc-wallet-rainbow')
  await expect(recent).toContainText('Recent')
})

test('a browser-wallet connection survives a reload', async ({ page, chains, stack, regime }) => {
  const holder = evmAccount(3)
  await injectBrowserWallet(page, {
    privateKey: holder.privateKey as `0x${string}`,
    rpcUrls: rpcUrlsOf(chains),
    chainId: 1,
  })
  await page.goto(stack.demoUrl())
  const modal = page.frameLocator('iframe[title="Walletframe"]')
  await page.getByTestId('open').click()
  await modal.getByTestId('wf-wallet-org.walletframe.testwallet').click()
  await expect(page.getByTestId('state-status')).toHaveText('connected')
  if (regime === 'blocked')
    await expect
      .poll(async () => Object.keys((await hostCopy(page)) ?? {}))
      .toContain('walletframe:connector')
  await page.reload()
  await expect(page.getByTestId('state-status')).toHaveText('connected')
  await expect(page.getByTestId('state-address')).toHaveText(holder.address)
  expect(await signAndVerify(page, holder.address, `browser wallet after reload, ${regime}`)).toEqual({
    verified: true,
  })
})
