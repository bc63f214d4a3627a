// Email update with the embedded wallet (VERIFY_PRIMARY_OTP, then VERIFY_SECONDARY_OTP), end to end
// where the frame has storage (partitioned per host site): an email login; Account offers "Update
// email"; the first code waits out the cooldown the login started (in the server's words); the code
// mailed to the current address (a wrong one refused first), then the code mailed to the new one; the
// host's state names the new address and the address is unchanged, after a reload too; after sign-out,
// logging in with the new address (once its cooldown has passed) opens the same wallet.
// And an account without an address (an X login): Account offers "Add email"; the user first confirms
// it is them by logging in with X again (a popup, bound to this frame like any social login), then the
// code goes to the new address; the new address then logs in to the same wallet.
import { expectAccessible } from './lib/a11y.js'
import { test as apiTest } from './lib/api.js'
import {
  codeOf,
  enterCode,
  hostState,
  loginByEmail,
  nextMail,
  openDemo,
  signOutAndLoginByEmail,
  submitPastCooldown,
  verifyNewEmail,
} from './lib/emailLogin.js'
import { expect } from './lib/fixtures.js'
import { socialLogin } from './lib/socialLogin.js'

const test = apiTest
// The 30 s between codes is emailLogin.spec.ts's subject; a shorter one (still longer than a login
// takes) keeps this run short.
test.use({ emailCooldownSeconds: 15 })

test('update email: a code from the current mailbox, then one from the new; the same address, and the new email logs in to it', async ({
  page,
  stack,
  chains,
}) => {
  // The update's first code waits out the cooldown of the login's code (same address).
  test.setTimeout(150_000)
  const mailUrl = chains.services.mail as string
  const stamp = Date.now()
  const oldEmail = `update-old-${stamp}@example.test`
  const newEmail = `update-new-${stamp}@example.test`

  const { modal, firstMail: login } = await loginByEmail(
    page,
    { demoUrl: stack.demoUrl(), mailUrl },
    oldEmail,
  )
  const address = (await page.getByTestId('state-address').textContent()) as string
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)

  // Account offers the update to an email login, with the address linked now.
  await page.getByTestId('open').click()
  const entry = modal.getByTestId('wf-account-update-email')
  await expect(entry).toContainText(oldEmail)
  await entry.click()
  await expect(modal.getByTestId('wf-update-email')).toBeVisible()
  await expectAccessible(page, 'UpdateEmailWallet')
  await modal.getByTestId('wf-update-email-input').fill(newEmail)
  // The login's code started the cooldown of this address; the server says how long is left.
  const step = modal.getByTestId('wf-update-email-step')
  const waited = await submitPastCooldown(page, {
    submit: modal.getByTestId('wf-update-email-submit'),
    error: modal.getByTestId('wf-update-email-error'),
    next: step,
  })
  expect(waited, 'the server asked to wait out the cooldown').toBe(true)

  // VERIFY_PRIMARY_OTP: the code went to the current address.
  await expect(step).toHaveAttribute('data-action', 'VERIFY_PRIMARY_OTP')
  await expect(modal.getByTestId('wf-email-code')).toContainText(oldEmail)
  const primary = await nextMail(mailUrl, oldEmail, login.id)
  const code = codeOf(primary)
  await enterCode(modal, code === '000000' ? '111111' : '000000')
  await expect(modal.getByTestId('wf-update-email-error')).toHaveText(
    'The code is not correct; check the latest mail and try again',
  )
  await expectAccessible(page, 'UpdateEmailWallet (code, error)')
  await enterCode(modal, code)

  // VERIFY_SECONDARY_OTP: the new address proves itself.
  const secondary = await verifyNewEmail(modal, { mailUrl, email: newEmail })

  // The host's state names the new address; the wallet's address is the same.
  await expect
    .poll(() => hostState(page))
    .toMatchObject({
      address,
      connector: 'auth',
      embeddedWalletInfo: { authProvider: 'email', user: { email: newEmail } },
    })
  await expect(page.getByTestId('state-address')).toHaveText(address)
  await modal.getByRole('button', { name: 'Back to account' }).click()
  await expect(modal.getByTestId('wf-account-update-email')).toContainText(newEmail)

  // A reload restores the session with the new address.
  await page.reload()
  await expect(page.getByTestId('state-status')).toHaveText('connected', { timeout: 30_000 })
  await expect(page.getByTestId('state-address')).toHaveText(address)
  expect(await hostState(page)).toMatchObject({ embeddedWalletInfo: { user: { email: newEmail } } })

  // Signed out, the new address logs in to the same wallet (this device is known: no approval link),
  // once the cooldown its update code started has passed: the server paces codes per address.
  await signOutAndLoginByEmail(page, modal, { mailUrl, email: newEmail, after: secondary.id }, address)
})

test('add email to an X login: confirmed with X again in a popup, one code to the new address, then the address logs in to the same wallet', async ({
  page,
  stack,
  chains,
}) => {
  test.setTimeout(150_000)
  const mailUrl = chains.services.mail as string
  const newEmail = `added-${Date.now()}@example.test`

  // X vouches for no address: the account has none.
  const modal = await openDemo(page, stack.demoUrl())
  const { address } = await socialLogin(page, modal, 'x')
  expect(await hostState(page)).not.toHaveProperty('embeddedWalletInfo.user.email')

  await page.getByTestId('open').click()
  const entry = modal.getByTestId('wf-account-update-email')
  await expect(entry).toHaveText('Add email')
  await entry.click()
  // No mailbox to agree: first the login the account has now, and no address can be typed before it.
  const confirm = modal.getByTestId('wf-update-email-confirm')
  await expect(confirm).toBeVisible()
  await expect(modal.getByTestId('wf-update-email-input')).toHaveCount(0)
  await expectAccessible(page, 'UpdateEmailWallet (confirm)')
  const popupOpened = page.waitForEvent('popup')
  await modal.getByTestId('wf-update-email-confirm-start').click()
  const popup = await popupOpened
  // Waited for from before the click: the popup may be gone before the click's call returns.
  const closed = popup.waitForEvent('close', { timeout: 15_000 })
  await popup.locator('button[value="alice"]').click()
  await closed

  // Confirmed: the address, and its code (the only one: there is no current mailbox).
  await modal.getByTestId('wf-update-email-input').fill(newEmail)
  await modal.getByTestId('wf-update-email-submit').click()
  const code = await verifyNewEmail(modal, { mailUrl, email: newEmail })
  await expect
    .poll(() => hostState(page))
    .toMatchObject({ address, embeddedWalletInfo: { authProvider: 'x', user: { email: newEmail } } })

  // Signed out, the new address logs in to the same wallet (after its cooldown, on this known device).
  await modal.getByTestId('wf-close').click()
  await signOutAndLoginByEmail(page, modal, { mailUrl, email: newEmail, after: code.id }, address)
})
