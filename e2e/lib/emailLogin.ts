// Login steps for the specs: mails read from the SMTP catcher's HTTP listing, the code and the
// recovery password entered in the modal; the embedded wallet's requests answered on ApproveTransaction.
import type { FrameLocator, Locator, Page } from '@playwright/test'
import type { ReviewRuleId } from '@walletframe/protocol'
import { expect } from './fixtures.js'
import { signAndVerify } from './provider.js'
import { tickRisk } from './review.js'

export const password = 'correct horse battery staple'

export type Mail = { id: number; text: string }

/** The next mail to `to` after id `after`, from the catcher's HTTP listing (it waits for one). */
export async function nextMail(mailUrl: string, to: string, after: number): Promise<Mail> {
  for (let i = 0; i < 20; i++) {
    const response = await fetch(`${mailUrl}/messages?to=${encodeURIComponent(to)}&after=${after}&wait=5000`)
    const { messages } = (await response.json()) as { messages: Mail[] }
    if (messages[0]) return messages[0]
  }
  throw new Error(`No mail to ${to}`)
}

export const codeOf = (mail: Mail) => /\b(\d{6})\b/.exec(mail.text)?.[1] as string

export async function openDemo(page: Page, demoUrl: string): Promise<FrameLocator> {
  await page.goto(demoUrl)
  await expect(page.getByTestId('sdk-status')).toHaveText('ready')
  await page.getByTestId('open').click()
  return page.frameLocator('iframe[title="Walletframe"]')
}

export async function enterCode(modal: FrameLocator, code: string) {
  await modal.getByTestId('wf-email-code-input').fill(code)
  await modal.getByTestId('wf-email-code-submit').click()
}

export async function enterPassword(modal: FrameLocator) {
  await modal.getByTestId('wf-recovery-password-input').fill(password)
  await modal.getByTestId('wf-recovery-password-submit').click()
}

/** The account state the host page's SDK holds (`getState()`), as the frame reported it. */
export function hostState(page: Page): Promise<unknown> {
  return page.evaluate(() =>
    (window as unknown as { walletframe: { getState(): unknown } }).walletframe.getState(),
  )
}

/**
 * The embedded wallet asks before it signs: waits for ApproveTransaction to show `method` (and the
 * message as text, for a signature), then approves or rejects it there. A request whose review warns
 * is approved only where the spec names the rules that warn (`risks`): their findings show, and the
 * user ticks "I understand the risk" first.
 */
export async function answerInFrame(
  modal: FrameLocator,
  answer: 'approve' | 'reject',
  expected: { method: string; message?: string; risks?: readonly ReviewRuleId[] },
) {
  const view = modal.getByTestId('wf-approve-transaction')
  await expect(view).toHaveAttribute('data-method', expected.method)
  if (expected.message !== undefined)
    await expect(modal.getByTestId('wf-approve-message')).toHaveText(expected.message)
  if (expected.risks) {
    await expect(modal.getByTestId('wf-review-verdict')).toHaveAttribute('data-level', 'warning')
    await expect
      .poll(() => modal.getByTestId('wf-review-finding').evaluateAll(rulesOf))
      .toEqual([...expected.risks].sort())
    if (answer === 'approve') await tickRisk(modal)
  }
  const button = modal.getByTestId(answer === 'approve' ? 'wf-approve-confirm' : 'wf-approve-reject')
  // However long the request, its answer is in view and live without scrolling: the clickjacking
  // guard keeps Approve disabled while any of it is out of view, and no click would scroll it in.
  await expect(button).toBeInViewport({ ratio: 1 })
  await expect(button).toBeEnabled()
  await button.click()
}

/** The rules of the review's findings on screen, sorted. */
export const rulesOf = (findings: Element[]) =>
  findings.map((finding) => (finding as HTMLElement).dataset.rule as string).sort()

/** signAndVerify through the host's provider, approved on ApproveTransaction. */
export async function approveAndVerify(page: Page, modal: FrameLocator, address: string, message: string) {
  const answer = signAndVerify(page, address, message)
  await answerInFrame(modal, 'approve', { method: 'personal_sign', message })
  return answer
}

/**
 * A first email login on the demo page: the code from the mail, a recovery password, connected.
 * Returns the modal and the first mail's id (later mails to the address come after it).
 */
export async function loginByEmail(
  page: Page,
  urls: { demoUrl: string; mailUrl: string },
  email: string,
): Promise<{ modal: FrameLocator; firstMail: Mail }> {
  const modal = await openDemo(page, urls.demoUrl)
  await modal.getByTestId('wf-email-input').fill(email)
  await modal.getByTestId('wf-email-submit').click()
  const firstMail = await nextMail(urls.mailUrl, email, 0)
  await enterCode(modal, codeOf(firstMail))
  await enterPassword(modal)
  await expect(page.getByTestId('state-status')).toHaveText('connected', { timeout: 30_000 })
  return { modal, firstMail }
}

/**
 * Presses `submit`; when the server refuses with its cooldown (shown in `error`: "Please try again
 * after {n} seconds"), waits as long as it says and presses again. Resolves once `next` shows; answers whether it had to wait.
 */
export async function submitPastCooldown(
  page: Page,
  elements: { submit: Locator; error: Locator; next: Locator },
): Promise<boolean> {
  const { submit, error, next } = elements
  await submit.click()
  const askedToWait = await Promise.race([error.waitFor().then(() => true), next.waitFor().then(() => false)])
  if (askedToWait) {
    await expect(error).toContainText(/^Please try again after \d+ seconds$/)
    const seconds = Number(/(\d+) seconds/.exec((await error.textContent()) as string)?.[1])
    await page.waitForTimeout(seconds * 1000)
    await submit.click()
    await expect(next).toBeVisible()
  }
  return askedToWait
}

/**
 * Logs in again with `email` where the frame has no device key yet (a reload without storage, a new
 * host site): waits out the cooldown when the server asks, approves the new device from the
 * mailed link, then the code and the recovery password. `after` is the last mail to the address.
 */
export async function loginOnNewDevice(
  page: Page,
  modal: FrameLocator,
  mail: { mailUrl: string; email: string; after: number },
  expected: {
    /** Whether the frame has no storage: then the view says the login lasts for this page only. */
    sessionOnly: boolean
    /** Whether the server must first refuse with the cooldown; 'either' where timing decides it. */
    cooldown: boolean | 'either'
  },
) {
  await modal.getByTestId('wf-email-input').fill(mail.email)
  // The server's cooldown per address holds ("Please try again after {n} seconds"); once it passes,
  // the login starts.
  // A new device key: the mailbox approves it first.
  const askedToWait = await submitPastCooldown(page, {
    submit: modal.getByTestId('wf-email-submit'),
    error: modal.getByTestId('wf-login-error'),
    next: modal.getByTestId('wf-email-device'),
  })
  if (expected.cooldown !== 'either')
    expect(askedToWait, 'the server asked to wait out the cooldown').toBe(expected.cooldown)
  await expect(modal.getByTestId('wf-login-session-only')).toHaveCount(expected.sessionOnly ? 1 : 0)
  const approval = await nextMail(mail.mailUrl, mail.email, mail.after)
  const link = /https?:\/\/\S+\/verify\?\S+/.exec(approval.text)?.[0] as string
  const verify = await page.context().newPage()
  await verify.goto(link)
  await verify.getByTestId('wf-verify-approve').click()
  await expect(verify.getByTestId('wf-verify-done')).toBeVisible()
  await verify.close()
  await expect(modal.getByTestId('wf-email-code')).toBeVisible({ timeout: 15_000 })
  await enterCode(modal, codeOf(await nextMail(mail.mailUrl, mail.email, approval.id)))
  await expect(modal.getByTestId('wf-recovery-password')).toBeVisible()
  await enterPassword(modal)
  await expect(page.getByTestId('state-status')).toHaveText('connected', { timeout: 30_000 })
}

/**
 * An email update's VERIFY_SECONDARY_OTP: the view asks for the code mailed to the new address `email`,
 * which is entered, and then names the address as the account's. Returns that mail.
 */
export async function verifyNewEmail(modal: FrameLocator, mail: { mailUrl: string; email: string }) {
  await expect(modal.getByTestId('wf-update-email-step')).toHaveAttribute(
    'data-action',
    'VERIFY_SECONDARY_OTP',
  )
  await expect(modal.getByTestId('wf-email-code')).toContainText(mail.email)
  const code = await nextMail(mail.mailUrl, mail.email, 0)
  await enterCode(modal, codeOf(code))
  await expect(modal.getByTestId('wf-update-email-new')).toHaveText(mail.email)
  return code
}

/**
 * Signs out, then logs in again with `email` on this device, which the address knows (no approval
 * link): past the cooldown a code just mailed to it started, the code and the recovery password; the
 * email login reaches the same wallet, `address`. `after` is the last mail to the address.
 */
export async function signOutAndLoginByEmail(
  page: Page,
  modal: FrameLocator,
  mail: { mailUrl: string; email: string; after: number },
  address: string,
) {
  await page.getByTestId('disconnect').click()
  await expect(page.getByTestId('state-status')).toHaveText('disconnected')
  await page.getByTestId('open').click()
  await modal.getByTestId('wf-email-input').fill(mail.email)
  await submitPastCooldown(page, {
    submit: modal.getByTestId('wf-email-submit'),
    error: modal.getByTestId('wf-login-error'),
    next: modal.getByTestId('wf-email-code'),
  })
  await enterCode(modal, codeOf(await nextMail(mail.mailUrl, mail.email, mail.after)))
  await enterPassword(modal)
  await expect(page.getByTestId('state-status')).toHaveText('connected', { timeout: 30_000 })
  await expect(page.getByTestId('state-address')).toHaveText(address)
  expect(await hostState(page)).toMatchObject({
    embeddedWalletInfo: { authProvider: 'email', user: { email: mail.email } },
  })
}
