// What the views look like (issue 25): Connect with the social providers' marks and the wallets'
// logos, AllWallets, Account with its token icons, Send with its fee, the swap review, a browser
// wallet's request review and the embedded wallet's approval — each in the dark and the light theme,
// 360 and 390 px wide, cross-site, saved as this spec's artifacts for a person to look at. It also
// checks what the pictures stand on: every logo and icon shown is the image the API served, not its
// fallback, and the review rows line their values up.
import { type FrameLocator, mergeTests, type Page, type TestInfo } from '@playwright/test'
import { evmAccount } from '@walletframe/devstack'
import type { Address } from 'viem'
import { createPublicClient, http } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { test as apiTest } from './lib/api.js'
import { connectBrowserWallet, injectBrowserWallet } from './lib/browserWallet.js'
import { rpcUrlsOf } from './lib/chains.js'
import { loginByEmail } from './lib/emailLogin.js'
import { providerRequest } from './lib/provider.js'
import { expect, test as walletConnectTest } from './lib/walletConnect.js'

// WalletConnect configured, as deployed: Connect then lists the registry's wallets, AllWallets all of them.
const test = mergeTests(apiTest, walletConnectTest)
const holder = evmAccount(6)
const widths = [360, 390] as const
const themes = ['dark', 'light'] as const

async function setTheme(page: Page, theme: (typeof themes)[number]) {
  await page.evaluate(
    (mode) =>
      (
        window as unknown as { walletframe: { setThemeMode(mode: string): Promise<void> } }
      ).walletframe.setThemeMode(mode),
    theme,
  )
}

/** The view as it stands, in both themes at both widths, attached to the test's report. */
async function shoot(page: Page, modal: FrameLocator, testInfo: TestInfo, name: string) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 800 })
    for (const theme of themes) {
      await setTheme(page, theme)
      await expect(modal.locator(`[data-theme="${theme}"]`).first()).toBeAttached()
      const file = `${name}-${theme}-${width}px.png`
      const path = testInfo.outputPath(file)
      await page.screenshot({ path })
      await testInfo.attach(file, { path, contentType: 'image/png' })
    }
  }
  await setTheme(page, 'dark')
}

/** Every image in `scope` loaded (no broken image), and none of `selector` fell back. */
async function expectImagesLoaded(modal: FrameLocator, selector: string) {
  const images = modal.locator(selector)
  await expect(images.first()).toBeVisible()
  await expect
    .poll(() =>
      images.evaluateAll((found) =>
        found.every(
          (image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0,
        ),
      ),
    )
    .toBe(true)
}

/** Every review row's value ends at the same x as the others of its list. */
async function expectRowsAligned(modal: FrameLocator) {
  const ends = await modal
    .locator('.wf-review-rows')
    .first()
    .locator('dd')
    .evaluateAll((values) => values.map((value) => Math.round(value.getBoundingClientRect().right)))
  expect(ends.length).toBeGreaterThan(0)
  expect(new Set(ends).size).toBe(1)
}

test('Connect, AllWallets, Account, Send, the swap review and a request review, in both themes at 360 and 390 px', async ({
  page,
  modal,
  chains,
  stack,
}, testInfo) => {
  test.setTimeout(180_000)
  await injectBrowserWallet(page, {
    privateKey: holder.privateKey as `0x${string}`,
    rpcUrls: rpcUrlsOf(chains),
    chainId: 1,
  })
  await page.goto(stack.demoUrl())
  await page.getByTestId('open').click()
  // The social marks come with the login's code into their fixed slots; the wallets' logos from the API.
  await expect(modal.locator('.wf-social-mark svg')).toHaveCount(7)
  await expectImagesLoaded(modal, 'img[data-logo="image"]')
  await expect(modal.locator('img[data-logo="letters"]')).toHaveCount(0)
  await shoot(page, modal, testInfo, 'Connect')

  await modal.getByTestId('wf-all-wallets').click()
  await expectImagesLoaded(modal, '[data-testid="wf-wallet-list"] img[data-logo="image"]')
  await shoot(page, modal, testInfo, 'AllWallets')
  await modal.getByTestId('wf-back').click()
  await modal.getByTestId('wf-close').click()

  await connectBrowserWallet(page, modal, { thenOpen: 'Account' })
  await expectImagesLoaded(modal, 'img.wf-token-icon')
  // Every token the devstack lists has an icon: no letter stands in for one.
  await expect(modal.locator('span.wf-token-icon')).toHaveCount(0)
  await shoot(page, modal, testInfo, 'Account')

  await modal.getByTestId('wf-feature-send').click()
  await modal.getByTestId('wf-send-receiver').fill(evmAccount(1).address)
  await modal.getByTestId('wf-send-amount').fill('0.01')
  await expect(modal.getByTestId('wf-send-fee')).toBeVisible()
  await expectRowsAligned(modal)
  await shoot(page, modal, testInfo, 'WalletSend')
  await modal.getByTestId('wf-back').click()

  await modal.getByTestId('wf-feature-swaps').click()
  await modal.getByTestId('wf-swap-source-token').selectOption({ label: 'USDC' })
  await modal.getByTestId('wf-swap-to-token').selectOption({ label: 'DAI' })
  await modal.getByTestId('wf-swap-amount').fill('10')
  await expect(modal.getByTestId('wf-swap-provider-fee')).toHaveText('0.085 USDC')
  await modal.getByTestId('wf-swap-review').click()
  await expect(modal.locator('#wf-title')).toHaveText('Review Swap')
  await expect(modal.getByTestId('wf-swap-details')).toBeVisible()
  await expectRowsAligned(modal)
  await shoot(page, modal, testInfo, 'SwapPreview')
  await modal.getByTestId('wf-close').click()

  const to = privateKeyToAccount(generatePrivateKey()).address
  const sending = providerRequest(page, 'eth_sendTransaction', [
    { from: holder.address, to, value: '0x2386f26fc10000' },
  ])
  await expect(modal.getByTestId('wf-review-request')).toBeVisible()
  await expect(modal.getByTestId('wf-review')).toHaveAttribute('data-status', 'reviewed')
  await expectRowsAligned(modal)
  await shoot(page, modal, testInfo, 'ReviewRequest')
  await modal.getByTestId('wf-review-reject').click()
  expect((await sending).error?.code).toBe(4001)
})

test("the embedded wallet's approval, in both themes at 360 and 390 px", async ({
  page,
  stack,
  chains,
}, testInfo) => {
  test.setTimeout(120_000)
  const { modal } = await loginByEmail(
    page,
    { demoUrl: stack.demoUrl(), mailUrl: chains.services.mail as string },
    `screenshots-${Date.now()}@example.test`,
  )
  const address = (await page.getByTestId('state-address').textContent()) as Address
  const chainId = Number((await providerRequest(page, 'eth_chainId')).result as string)
  await createPublicClient({ transport: http(rpcUrlsOf(chains)[chainId] as string) }).request({
    method: 'anvil_setBalance' as never,
    params: [address, '0xde0b6b3a7640000'] as never,
  })
  const to = privateKeyToAccount(generatePrivateKey()).address
  const sending = providerRequest(page, 'eth_sendTransaction', [
    { from: address, to, value: '0x2386f26fc10000' },
  ])
  await expect(modal.getByTestId('wf-approve-transaction')).toBeVisible()
  await expect(modal.getByTestId('wf-review')).toHaveAttribute('data-status', 'reviewed')
  await expectRowsAligned(modal)
  await shoot(page, modal, testInfo, 'ApproveTransaction')
  await modal.getByTestId('wf-approve-reject').click()
  expect((await sending).error?.code).toBe(4001)
})
