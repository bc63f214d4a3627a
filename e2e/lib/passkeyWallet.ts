import { expect, type Page } from '@playwright/test'
import { enterPassword, openDemo } from './emailLogin.js'
import { authenticator } from './virtualAuthenticator.js'

/**
 * A new embedded wallet made with a passkey of an authenticator without PRF on the demo at `demoUrl`:
 * the recovery password asked for and entered, the wallet connected. The modal stays open.
 */
export async function passkeyWallet(page: Page, demoUrl: string) {
  const holder = await authenticator(page.context(), page)
  const modal = await openDemo(page, demoUrl)
  await modal.getByTestId('wf-passkey-create').click()
  await expect(modal.getByTestId('wf-recovery-password')).toBeVisible({ timeout: 15_000 })
  await enterPassword(modal)
  await expect(page.getByTestId('state-status')).toHaveText('connected', { timeout: 30_000 })
  return { holder, modal }
}

/**
 * On the demo at `demoUrl` in a browser the frame takes for one that refuses WebAuthn create in its
 * iframe (no navigator.userAgentData), "Create a passkey" pressed: the window on the frame origin
 * that makes the passkey instead, opened in the click.
 */
export async function passkeyWindowOpened(page: Page, demoUrl: string) {
  await page.context().addInitScript(() =>
    Object.defineProperty(Navigator.prototype, 'userAgentData', {
      get: () => undefined,
      configurable: true,
    }),
  )
  const modal = await openDemo(page, demoUrl)
  const opened = page.waitForEvent('popup')
  await modal.getByTestId('wf-passkey-create').click()
  return { modal, passkeyWindow: await opened }
}
