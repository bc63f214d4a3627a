// Email update with the embedded wallet (SPEC §4: VERIFY_PRIMARY_OTP, then VERIFY_SECONDARY_OTP), end
// to end where the frame has storage (partitioned per host site): an email login; Account offers
// "Update email"; the first code waits out the cooldown the login started (in the spec's words);
// the code mailed to the current address (a wrong one refused first), then the code mailed to the new
// one; the host's state names the new address and the address is unchanged, after a reload too; after
// sign-out, logging in with the new address opens the same wallet.
import { expectAccessible } from './lib/a11y.js'
import { test as apiTest } from './lib/api.js'
import { codeOf, enterCode, enterPassword, hostState, nextMail, openDemo } from './lib/emailLogin.js'
import { expect } from './lib/fixtures.js'

const test = apiTest
// The 30 s between codes is emailLogin.spec.ts's subject; a shorter one (still longer than a login
// takes) keeps this run short.
test.use({ regime: 'partitioned', emailCooldownSeconds: 15 })

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

  const modal = await openDemo(page, stack.demoUrl())
  await modal.getByTestId('wf-email-input').fill(oldEmail)
  await modal.getByTestId('wf-email-submit').click()
  const login = await nextMail(mailUrl, oldEmail, 0)
  await enterCode(modal, codeOf(login))
  await enterPassword(modal)
  await expect(page.getByTestId('state-status')).toHaveText('connected', { timeout: 30_000 })
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
  await modal.getByTestId('wf-update-email-submit').click()
  // The login's code started the cooldown of this address; the server says how long is left.
  const cooldown = modal.getByTestId('wf-update-email-error')
  await expect(cooldown).toContainText(/^Please try again after \d+ seconds$/)
  const seconds = Number(/(\d+) seconds/.exec((await cooldown.textContent()) as string)?.[1])
  await page.waitForTimeout(seconds * 1000)
  await modal.getByTestId('wf-update-email-submit').click()

  // VERIFY_PRIMARY_OTP: the code went to the current address.
  const step = modal.getByTestId('wf-update-email-step')
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
  await expect(step).toHaveAttribute('data-action', 'VERIFY_SECONDARY_OTP')
  await expect(modal.getByTestId('wf-email-code')).toContainText(newEmail)
  const secondary = await nextMail(mailUrl, newEmail, 0)
  await enterCode(modal, codeOf(secondary))
  await expect(modal.getByTestId('wf-update-email-new')).toHaveText(newEmail)

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

  // Signed out, the new address logs in to the same wallet (this device is known: no approval link).
  await page.getByTestId('disconnect').click()
  await expect(page.getByTestId('state-status')).toHaveText('disconnected')
  await page.getByTestId('open').click()
  await modal.getByTestId('wf-email-input').fill(newEmail)
  await modal.getByTestId('wf-email-submit').click()
  await enterCode(modal, codeOf(await nextMail(mailUrl, newEmail, secondary.id)))
  await enterPassword(modal)
  await expect(page.getByTestId('state-status')).toHaveText('connected', { timeout: 30_000 })
  await expect(page.getByTestId('state-address')).toHaveText(address)
  expect(await hostState(page)).toMatchObject({
    embeddedWalletInfo: { authProvider: 'email', user: { email: newEmail } },
  })
})
