// "Show recovery phrase" for a wallet its PRF passkey alone protects (no recovery password), end to end
// with Chromium's virtual authenticator: the window on the frame origin offers the passkey only, and
// its touch there opens the phrase, which derives the wallet's EVM address and shows in that window
// only — never in the iframe or the host page.
//
// Chromium's virtual authenticator keeps a passkey's PRF secret (hmac-secret) in the tab that made it: a
// copy added to another tab's authenticator evaluates no PRF. So the passkey is made in a window on the
// frame origin (the path of browsers that refuse create in a cross-origin iframe, which the spec makes
// Chromium look like), that window is kept open and named as the export window, and "Show recovery
// phrase" opens /export in it (window.open by name reuses a window its opener opened), as the user's
// phone answers wherever they touch it.
import { mnemonicToAccount } from 'viem/accounts'
import { expectAccessible } from './lib/a11y.js'
import { test as apiTest } from './lib/api.js'
import { expect } from './lib/fixtures.js'
import { passkeyWindowOpened } from './lib/passkeyWallet.js'
import { authenticator } from './lib/virtualAuthenticator.js'

const test = apiTest

test('a passkey-only wallet shows its recovery phrase in the window on the frame origin with a touch', async ({
  page,
  stack,
}) => {
  test.setTimeout(120_000)
  const { modal, passkeyWindow: holderWindow } = await passkeyWindowOpened(page, stack.demoUrl())
  expect(new URL(holderWindow.url()).pathname).toBe('/passkey')
  const holder = await authenticator(page.context(), holderWindow, { hasPrf: true })
  await expect(holderWindow.getByTestId('wf-passkey-page-create')).toBeEnabled()
  // The passkey window stays open once it handed its passkey over (see above).
  await holderWindow.evaluate(() => {
    window.close = () => {}
  })
  await holderWindow.getByTestId('wf-passkey-page-create').click()
  await expect(page.getByTestId('state-status')).toHaveText('connected', { timeout: 30_000 })
  // No password was ever asked for this wallet.
  await expect(modal.getByTestId('wf-recovery-password')).toHaveCount(0)
  await holderWindow.evaluate(() => {
    window.name = 'walletframe-export'
  })

  await page.getByTestId('open').click()
  const evm = (await modal.getByTestId('wf-account-address').getAttribute('title')) as string
  expect(evm).toMatch(/^0x[0-9a-fA-F]{40}$/)
  await modal.getByTestId('wf-account-recovery-phrase').click()
  await holderWindow.waitForURL((url) => url.pathname === '/export')
  const exportWindow = holderWindow
  expect(new URL(exportWindow.url()).origin).toBe(stack.frame.origin)
  // The passkey only: there is no password to ask for.
  const touch = exportWindow.getByTestId('wf-export-passkey')
  await expect(touch).toBeEnabled({ timeout: 30_000 })
  await expect(exportWindow.getByTestId('wf-export-password')).toHaveCount(0)

  await touch.click()
  const words = exportWindow.getByTestId('wf-export-phrase').getByRole('listitem')
  await expect(words).toHaveCount(12, { timeout: 30_000 })
  const phrase = (await words.allTextContents()).join(' ')
  // The phrase is the wallet's: BIP-39 with the EVM path derives the address the frame shows.
  expect(mnemonicToAccount(phrase).address).toBe(evm)
  await expect(exportWindow.getByTestId('wf-export-evm-key')).toHaveText(/^0x[0-9a-f]{64}$/)
  await expectAccessible(exportWindow, 'Recovery phrase window with a passkey')
  // Shown in that window only: not in the iframe, not in the host page.
  expect(await modal.locator('body').textContent()).not.toContain(phrase)
  expect(await page.content()).not.toContain(phrase)
  expect(await holder.credentials()).toHaveLength(1)
  await exportWindow.close()
})
