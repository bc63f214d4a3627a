// Accessibility (issue 13): axe-core finds no WCAG 2.1 A/AA violation on any view the specs open —
// Connect, AllWallets, a WalletConnect wallet, the WalletConnect QR, Account and its tabs (in both
// themes), Networks, Send (and its errors), Receive, Swap, Buy, RegisterAccountName, SIWXSignMessage;
// and the connect flow works by keyboard alone.
import { type FrameLocator, mergeTests, type Page } from '@playwright/test'
import { evmAccount } from '@walletframe/devstack'
import { expectAccessible } from './lib/a11y.js'
import { test as apiTest } from './lib/api.js'
import { connectBrowserWallet, injectBrowserWallet } from './lib/browserWallet.js'
import { rpcUrlsOf } from './lib/chains.js'
import { expect, test as walletConnectTest } from './lib/walletConnect.js'

const test = mergeTests(apiTest, walletConnectTest)
const holder = evmAccount(7)

test.beforeEach(async ({ page, chains }) => {
  await injectBrowserWallet(page, {
    privateKey: holder.privateKey as `0x${string}`,
    rpcUrls: rpcUrlsOf(chains),
    chainId: 1,
  })
})

/** Waits for `view` to be painted and settled (no spinner), then checks it. */
async function check(page: Page, modal: FrameLocator, view: string, name = view) {
  await expect(modal.getByTestId(`wf-view-${view}`)).toBeVisible()
  await expect(modal.locator('[aria-busy="true"]')).toHaveCount(0)
  await expectAccessible(page, name)
}

/** Back to the previous view with the header's back button. */
async function back(modal: FrameLocator) {
  await modal.getByTestId('wf-back').click()
}

test('the views before connecting: Connect, AllWallets, the WalletConnect QR', async ({ demo, modal }) => {
  test.setTimeout(90_000)
  await expectAccessible(demo, 'the host page, modal closed')
  await demo.getByTestId('open').click()
  await expect(modal.getByTestId('wf-wallet-org.walletframe.testwallet')).toBeVisible()
  await check(demo, modal, 'Connect')
  await modal.getByTestId('wf-all-wallets').click()
  await check(demo, modal, 'AllWallets')
  await modal.getByTestId('wf-wallet-search').fill('rainb')
  await expectAccessible(demo, 'AllWallets, searched')
  await modal.getByTestId('wf-wc-wallet-rainbow').click()
  await expect(modal.getByTestId('wf-wc-open')).toBeVisible()
  await check(demo, modal, 'ConnectingWalletConnect', 'a WalletConnect wallet (deep link and QR)')
  await back(modal)
  await back(modal)
  await modal.getByTestId('wf-walletconnect').click()
  await expect(modal.getByTestId('wf-wc-qr')).toBeVisible()
  await check(demo, modal, 'ConnectingWalletConnectBasic', 'the WalletConnect QR')
})

test('the views of a connected account, in the dark and the light theme', async ({ demo, modal }) => {
  // Fourteen views checked by axe, each a few seconds of the browser's time on two cores.
  test.setTimeout(120_000)
  await connectBrowserWallet(demo, modal, { thenOpen: 'Account' })
  await expect(modal.getByTestId('wf-token').first()).toBeVisible()
  for (const theme of ['dark', 'light']) {
    await check(demo, modal, 'Account', `Account / Tokens (${theme})`)
    await modal.getByTestId('wf-tab-NFTs').click()
    await expectAccessible(demo, `Account / NFTs (${theme})`)
    await modal.getByTestId('wf-tab-Activity').click()
    await expectAccessible(demo, `Account / Activity (${theme})`)
    await modal.getByTestId('wf-tab-Tokens').click()
    if (theme === 'dark') {
      // The host's theme toggle sits under the modal: the SDK call it makes, made from the page.
      await demo.evaluate(() =>
        (
          window as unknown as { walletframe: { setThemeMode(mode: string): Promise<void> } }
        ).walletframe.setThemeMode('light'),
      )
    }
  }
  await modal.getByTestId('wf-account-network').click()
  await check(demo, modal, 'Networks')
  await back(modal)
  for (const [feature, view] of [
    ['send', 'WalletSend'],
    ['receive', 'WalletReceive'],
    ['swaps', 'Swap'],
    ['onramp', 'WalletBuy'],
  ] as const) {
    await modal.getByTestId(`wf-feature-${feature}`).click()
    await check(demo, modal, view)
    await back(modal)
  }
  await modal.getByTestId('wf-account-choose-name').click()
  await check(demo, modal, 'RegisterAccountName')
  await back(modal)
  // The Send form with what it says about a bad entry.
  await modal.getByTestId('wf-feature-send').click()
  await modal.getByTestId('wf-send-receiver').fill('not an address')
  await modal.getByTestId('wf-send-amount').fill('1000000')
  await expect(modal.getByTestId('wf-send-error')).toBeVisible()
  await check(demo, modal, 'WalletSend', 'WalletSend with an error')
})

test('SIWXSignMessage, when the host asks for a sign-in', async ({ page, stack, modal }) => {
  await page.goto(`${stack.demoUrl()}?siwx=optional`)
  await page.getByTestId('open').click()
  await modal.getByTestId('wf-wallet-org.walletframe.testwallet').click()
  await check(page, modal, 'SIWXSignMessage')
})

test('the connect flow works by keyboard alone', async ({ demo, modal }) => {
  // Tab to the host's Open button and press Enter: focus moves into the modal.
  const open = demo.getByTestId('open')
  await open.focus()
  await demo.keyboard.press('Enter')
  await expect(modal.getByTestId('wf-view-Connect')).toBeVisible()
  const wallet = modal.getByTestId('wf-wallet-org.walletframe.testwallet')
  await expect(wallet).toBeVisible()
  // Tab until the browser wallet has focus (the modal traps focus, so this ends).
  for (let presses = 0; presses < 20; presses++) {
    if (await wallet.evaluate((element) => element === document.activeElement)) break
    await demo.keyboard.press('Tab')
  }
  await expect(wallet).toBeFocused()
  await demo.keyboard.press('Enter')
  await expect(demo.getByTestId('state-status')).toHaveText('connected')
  // Open Account by keyboard, move through the tabs with the arrow keys, close with Escape.
  await open.focus()
  await demo.keyboard.press('Enter')
  await expect(modal.getByTestId('wf-view-Account')).toBeVisible()
  const tokens = modal.getByTestId('wf-tab-Tokens')
  for (let presses = 0; presses < 30; presses++) {
    if (await tokens.evaluate((element) => element === document.activeElement)) break
    await demo.keyboard.press('Tab')
  }
  await expect(tokens).toBeFocused()
  await demo.keyboard.press('ArrowRight')
  await expect(modal.getByTestId('wf-tab-NFTs')).toBeFocused()
  await expect(modal.getByTestId('wf-tab-NFTs')).toHaveAttribute('aria-selected', 'true')
  await demo.keyboard.press('Escape')
  await expect(demo.getByTestId('modal-open')).toHaveText('false')
  // Focus returns to the host page's control that opened the modal.
  await expect(open).toBeFocused()
})
