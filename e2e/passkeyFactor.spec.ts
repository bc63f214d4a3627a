// A passkey as the second factor, end to end with Chromium's virtual authenticator: a wallet made with
// a passkey, the authenticator app turned on in Account; "Show recovery phrase" asks for a fresh factor
// and offers the passkey beside the code: its touch (an assertion with user verification, verified by
// the API) gets the pass, and the window on the frame origin shows the phrase. Adding a passkey (a
// change of how the user logs in) with the app on asks for a fresh code first and adds nothing without.
// A passkey chosen as the factor in Account (no app) makes the recovery phrase ask for its touch.
import { test as apiTest } from './lib/api.js'
import { enterPassword, openDemo, password } from './lib/emailLogin.js'
import { expect } from './lib/fixtures.js'
import { passkeyWallet } from './lib/passkeyWallet.js'
import { appCode, enableTotp } from './lib/totp.js'
import { authenticator } from './lib/virtualAuthenticator.js'

const test = apiTest

test('the passkey answers the fresh factor of an export instead of a code', async ({ page, stack }) => {
  test.setTimeout(150_000)
  const { modal } = await passkeyWallet(page, stack.demoUrl())
  await enableTotp(page, modal)

  const prompt = modal.getByTestId('wf-totp-prompt')
  const opening = page.waitForEvent('popup')
  await modal.getByTestId('wf-account-recovery-phrase').click()
  const exportWindow = await opening
  await expect(prompt).toContainText('to show your recovery phrase', { timeout: 15_000 })
  await expect(prompt).toContainText('or use your passkey')
  const submit = exportWindow.getByTestId('wf-export-submit')
  // No line to the Worker until the factor passed: the window is preparing, with no form yet.
  await expect(exportWindow.getByTestId('wf-export-preparing')).toBeVisible()
  await expect(submit).toHaveCount(0)
  await modal.getByTestId('wf-totp-prompt-passkey').click()
  await expect(prompt).toHaveCount(0, { timeout: 15_000 })
  await expect(submit).toBeEnabled({ timeout: 15_000 })
  await exportWindow.getByTestId('wf-export-password').fill(password)
  await exportWindow.getByTestId('wf-export-submit').click()
  const words = exportWindow.getByTestId('wf-export-phrase').getByRole('listitem')
  await expect(words).toHaveCount(12, { timeout: 30_000 })
  expect(await page.content()).not.toContain((await words.allTextContents()).join(' '))
})

test('adding a passkey with the authenticator app on asks for a fresh code first', async ({
  page,
  stack,
}) => {
  test.setTimeout(150_000)
  const { holder, modal } = await passkeyWallet(page, stack.demoUrl())
  const { secret } = await enableTotp(page, modal)

  // A second device's authenticator (the first one's passkey is excluded from a new one).
  await holder.remove()
  await authenticator(page.context(), page)
  const items = modal.getByTestId('wf-passkey-item')
  await expect(items).toHaveCount(1, { timeout: 15_000 })
  const prompt = modal.getByTestId('wf-totp-prompt')

  // Declined: nothing is added.
  await modal.getByTestId('wf-passkeys-add').click()
  await expect(prompt).toContainText('to change how you log in', { timeout: 15_000 })
  await prompt.getByText('Cancel').click()
  await expect(prompt).toHaveCount(0)
  await expect(items).toHaveCount(1)

  // The app's code (the next step's: the enrolment spent this one's): the passkey is added.
  await modal.getByTestId('wf-passkeys-add').click()
  await expect(prompt).toContainText('to change how you log in', { timeout: 15_000 })
  await modal.getByTestId('wf-totp-prompt-input').fill(appCode(secret, 1))
  await modal.getByTestId('wf-totp-prompt-submit').click()
  await expect(items).toHaveCount(2, { timeout: 15_000 })
})

test('a passkey chosen as the second factor instead of the app: the recovery phrase asks for its touch alone; a login with it elsewhere is the factor (no second touch)', async ({
  page,
  stack,
}) => {
  test.setTimeout(150_000)
  const { modal } = await passkeyWallet(page, stack.demoUrl())
  await page.getByTestId('open').click()
  await modal.getByTestId('wf-passkeys-factor-toggle').click()
  await expect(modal.getByTestId('wf-passkeys-factor')).toContainText('Your passkey is a second factor', {
    timeout: 15_000,
  })

  const prompt = modal.getByTestId('wf-totp-prompt')
  const opening = page.waitForEvent('popup')
  await modal.getByTestId('wf-account-recovery-phrase').click()
  const exportWindow = await opening
  // The passkey is the only factor: it is asked for alone, with no code field and no authenticator app.
  await expect(prompt).toContainText('Confirm with your passkey to show your recovery phrase', {
    timeout: 15_000,
  })
  await expect(prompt).not.toContainText('authenticator app')
  await expect(modal.getByTestId('wf-totp-prompt-input')).toHaveCount(0)
  const submit = exportWindow.getByTestId('wf-export-submit')
  // No line to the Worker until the factor passed: the window is preparing, with no form yet.
  await expect(exportWindow.getByTestId('wf-export-preparing')).toBeVisible()
  await expect(submit).toHaveCount(0)
  await modal.getByTestId('wf-totp-prompt-passkey').click()
  await expect(submit).toBeEnabled({ timeout: 15_000 })
  await exportWindow.close()
  const address = (await page.getByTestId('state-address').textContent()) as string

  // Another host site, a new device for the wallet: the passkey's login (user verification) is the
  // factor itself, so no second touch is asked; the password recovers the wallet (no PRF here).
  const other = await openDemo(page, stack.foreignUrl())
  await other.getByTestId('wf-passkey-login').click()
  await enterPassword(other)
  await expect(other.getByTestId('wf-totp-prompt')).toHaveCount(0)
  await expect(page.getByTestId('state-status')).toHaveText('connected', { timeout: 30_000 })
  await expect(page.getByTestId('state-address')).toHaveText(address)
})
