// The embedded wallet's second factor, end to end: an email login; Account's "Two-factor
// authentication" shows the authenticator app's setup (a QR code of the otpauth:// URI and the secret as
// text), a first code computed here from that secret turns it on and the recovery codes show once.
// After sign-out, logging in again asks for the app's code before the wallet opens: a wrong one is
// refused in the API's words, the right one opens the same address. A recovery code opens it once;
// the same recovery code is refused the next time.
import { Secret, TOTP } from 'otpauth'
import { test as apiTest } from './lib/api.js'
import {
  codeOf,
  enterCode,
  enterPassword,
  loginByEmail,
  nextMail,
  submitPastCooldown,
} from './lib/emailLogin.js'
import { expect } from './lib/fixtures.js'

const test = apiTest
// A shorter cooldown than the 30 s default (still longer than a login takes): three logins follow.
test.use({ emailCooldownSeconds: 15 })

/** The authenticator app's code for `secret`, `steps` steps of 30 s from now (the API takes one either side). */
function appCode(secret: string, steps = 0): string {
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) })
  return totp.generate({ timestamp: Date.now() + steps * 30_000 })
}

test('TOTP: set up in Account, asked at the next login (a wrong code refused), and a recovery code works once', async ({
  page,
  stack,
  chains,
}) => {
  test.setTimeout(180_000)
  const mailUrl = chains.services.mail as string
  const email = `totp-${Date.now()}@example.test`
  const { modal, firstMail } = await loginByEmail(page, { demoUrl: stack.demoUrl(), mailUrl }, email)
  const address = (await page.getByTestId('state-address').textContent()) as string

  // Account: set up the app from the secret shown, confirm with its first code.
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
  await modal.getByTestId('wf-close').click()

  let after = firstMail.id
  /** Signs out, then logs in again by email up to the second factor's question. */
  const loginUntilAsked = async () => {
    await page.getByTestId('disconnect').click()
    await expect(page.getByTestId('state-status')).toHaveText('disconnected')
    await page.getByTestId('open').click()
    await modal.getByTestId('wf-email-input').fill(email)
    await submitPastCooldown(page, {
      submit: modal.getByTestId('wf-email-submit'),
      error: modal.getByTestId('wf-login-error'),
      next: modal.getByTestId('wf-email-code'),
    })
    const mail = await nextMail(mailUrl, email, after)
    after = mail.id
    await enterCode(modal, codeOf(mail))
    await expect(modal.getByTestId('wf-totp-prompt')).toBeVisible({ timeout: 30_000 })
    // Nothing opened yet (the login waits on the code): the API holds the auth share back.
    await expect(page.getByTestId('state-status')).not.toHaveText('connected')
  }
  const answer = async (code: string) => {
    await modal.getByTestId('wf-totp-prompt-input').fill(code)
    await modal.getByTestId('wf-totp-prompt-submit').click()
  }
  const opened = async () => {
    await expect(modal.getByTestId('wf-recovery-password')).toBeVisible({ timeout: 30_000 })
    await enterPassword(modal)
    await expect(page.getByTestId('state-status')).toHaveText('connected', { timeout: 30_000 })
    await expect(page.getByTestId('state-address')).toHaveText(address)
  }

  // The app's code: a wrong one refused, the right one (the next step's: the enrolment spent this
  // step's, and each code works once) opens the same wallet.
  await loginUntilAsked()
  const right = appCode(secret, 1)
  // A code none of the steps the API takes (now, and one either side) gives.
  const taken = new Set([-1, 0, 1, 2].map((steps) => appCode(secret, steps)))
  const wrong = ['000000', '111111', '222222', '333333', '444444'].find((code) => !taken.has(code)) as string
  await answer(wrong)
  await expect(modal.getByTestId('wf-totp-prompt-error')).toContainText('The code is not correct')
  await expect(page.getByTestId('state-status')).not.toHaveText('connected')
  await answer(right)
  await opened()

  // A recovery code opens it once; the same one is refused at the next login.
  await loginUntilAsked()
  await answer(recoveryCodes[0] as string)
  await opened()
  await loginUntilAsked()
  await answer(recoveryCodes[0] as string)
  await expect(modal.getByTestId('wf-totp-prompt-error')).toContainText('The code is not correct')
  await expect(page.getByTestId('state-status')).not.toHaveText('connected')
  await answer(recoveryCodes[1] as string)
  await opened()
})
