// The second factor's authenticator app in the e2e specs: its codes computed from the secret Account
// shows, and Account's setup that turns it on.
import type { FrameLocator, Page } from '@playwright/test'
import { Secret, TOTP } from 'otpauth'
import { expect } from './fixtures.js'

/** The authenticator app's code for `secret`, `steps` steps of 30 s from now (the API takes one either side). */
export function appCode(secret: string, steps = 0): string {
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) })
  return totp.generate({ timestamp: Date.now() + steps * 30_000 })
}

/** Account: sets up the app from the secret shown and confirms with its first code; the recovery codes shown once. */
export async function enableTotp(page: Page, modal: FrameLocator) {
  await page.getByTestId('open').click()
  await expect(modal.getByTestId('wf-totp-off')).toBeVisible({ timeout: 15_000 })
  await modal.getByTestId('wf-totp-start').click()
  const secret = ((await modal.getByTestId('wf-totp-secret').textContent()) as string).trim()
  expect(secret).toMatch(/^[A-Z2-7]{32}$/)
  const qr = modal.getByTestId('wf-totp-qr')
  await expect(qr.locator('img')).toBeVisible()
  const uri = new URL((await qr.getAttribute('data-value')) as string)
  expect(uri.protocol).toBe('otpauth:')
  expect(uri.searchParams.get('secret')).toBe(secret)
  await modal.getByTestId('wf-totp-confirm-input').fill(appCode(secret))
  await modal.getByTestId('wf-totp-confirm-submit').click()
  const codes = modal.getByTestId('wf-totp-recovery-codes').locator('code')
  await expect(codes).toHaveCount(10)
  const recoveryCodes = await codes.allTextContents()
  await modal.getByTestId('wf-totp-recovery-done').click()
  await expect(modal.getByTestId('wf-totp-on')).toContainText('10 recovery codes left')
  return { secret, recoveryCodes }
}

/** A code none of the steps the API takes (now, and one either side) gives. */
export function wrongCode(secret: string): string {
  const taken = new Set([-1, 0, 1, 2].map((steps) => appCode(secret, steps)))
  return ['000000', '111111', '222222', '333333', '444444'].find((code) => !taken.has(code)) as string
}
