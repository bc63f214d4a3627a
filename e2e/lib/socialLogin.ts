// Social login steps for the specs: a provider's button in the Connect view, the devstack stand-in's
// user picker in the popup, the popup closing itself from the frame's /auth/callback, the recovery
// password the embedded wallet asks for (to create the wallet, or to open it on a new device), and
// the host page reporting the connection. Plus a Cross-Origin-Opener-Policy put on pages of the chain.
import type { BrowserContext, FrameLocator, Page } from '@playwright/test'
import { password } from './emailLogin.js'
import { expect } from './fixtures.js'

/** The stand-in's fixture users: alice's address is verified, bob's is not. */
export type SocialUser = 'alice' | 'bob'

export declare namespace socialLogin {
  type Options = {
    user?: SocialUser
    /** Runs with the popup once it opened, before the user is picked (to inspect or instrument it). */
    onPopup?(popup: Page): Promise<void>
  }
  type ReturnType = {
    /** The embedded wallet's EVM address the host page reports. */
    address: string
    /** What the password step was for: 'Create wallet' or 'Open wallet'; undefined when none was asked. */
    asked: string | undefined
  }
}

/**
 * Logs in with `provider` from an open Connect view: the popup opens from the click, `user` is picked
 * on the stand-in's page, the popup closes, the password is given, and the host sees `connected`.
 */
export async function socialLogin(
  page: Page,
  modal: FrameLocator,
  provider: string,
  options: socialLogin.Options = {},
): Promise<socialLogin.ReturnType> {
  const popupOpened = page.waitForEvent('popup')
  await modal.getByTestId(`wf-social-${provider}`).click()
  const popup = await popupOpened
  await expect(modal.getByTestId('wf-social-waiting')).toBeVisible()
  await options.onPopup?.(popup)
  // Waited for from before the click: the popup may be gone before the click's call returns.
  const closed = popup.waitForEvent('close', { timeout: 15_000 })
  await popup.locator(`button[value="${options.user ?? 'alice'}"]`).click()
  await closed

  // The wallet is created (first login of this user) or opened (a device without its share): both
  // ask for the recovery password. A device that keeps its share asks nothing.
  const submit = modal.getByTestId('wf-recovery-password-submit')
  const status = page.getByTestId('state-status')
  // The prompt is in the frame, the status on the host page: one locator cannot span both.
  await expect
    .poll(async () => (await submit.isVisible()) || (await status.textContent()) === 'connected', {
      timeout: 20_000,
    })
    .toBe(true)
  let asked: string | undefined
  if (await submit.isVisible()) {
    asked = (await submit.textContent()) ?? undefined
    await modal.getByTestId('wf-recovery-password-input').fill(password)
    await submit.click()
  }
  await expect(status).toHaveText('connected', { timeout: 30_000 })
  const address = (await page.getByTestId('state-address').textContent()) as string
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
  return { address, asked }
}

/**
 * Adds `Cross-Origin-Opener-Policy: same-origin` to every response whose URL starts with one of
 * `prefixes` (the provider's pages, the API's callback, the frame's /auth/callback): a popup that
 * loads such a page loses its opener, and the opener's handle to it reads as closed.
 */
export async function withOpenerPolicy(context: BrowserContext, prefixes: string[]): Promise<string[]> {
  const seen: string[] = []
  await context.route(
    (url) => prefixes.some((prefix) => url.href.startsWith(prefix)),
    async (route) => {
      // Redirects are the browser's to follow, so each hop of the chain passes here with its header.
      const response = await route.fetch({ maxRedirects: 0 })
      seen.push(route.request().url())
      await route.fulfill({
        response,
        headers: { ...response.headers(), 'cross-origin-opener-policy': 'same-origin' },
      })
    },
  )
  return seen
}
