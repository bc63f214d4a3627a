import type { Locator, Page } from '@playwright/test'

/**
 * Clicks a button that closes its own window in the click's task (an approval answered, a passkey
 * handed over): the click may lose its page as it ends, which is the button working, not failing.
 */
export async function closingClick(window: Page, button: Locator): Promise<void> {
  await button.click().catch((error: unknown) => {
    if (!window.isClosed()) throw error
  })
}
