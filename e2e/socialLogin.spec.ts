// Social login with the embedded wallet (google, OpenID Connect through the devstack's stand-in): the
// popup opens on the frame origin from the click itself; a popup the browser blocked is retried from
// a "Continue" button; the stand-in's user picker answers; the API's callback sends the popup to the
// frame's /auth/callback, which closes it; the frame learns the result by polling its attempt, connects,
// and the host's provider signs for the embedded address once the user approves. Sign-out ends the session.
// Runs with the frame's storage blocked and partitioned (playwright.config.ts); the OAuth 2 providers
// and a chain behind Cross-Origin-Opener-Policy are in socialLoginProviders.spec.ts.
import { test as apiTest } from './lib/api.js'
import { approveAndVerify, hostState } from './lib/emailLogin.js'
import { expect } from './lib/fixtures.js'
import { socialLogin } from './lib/socialLogin.js'

const test = apiTest

test('google login in a popup (blocked once, then continued): connected, signs, signs out', async ({
  page,
  stack,
}) => {
  test.setTimeout(90_000)
  // The browser blocks the frame's first popup, as a popup blocker would.
  await page.context().addInitScript((frameOrigin) => {
    if (location.origin !== frameOrigin) return
    const open = window.open.bind(window)
    let blocked = false
    window.open = (...args: Parameters<typeof window.open>) => {
      if (blocked) return open(...args)
      blocked = true
      return null
    }
  }, stack.frame.origin)
  await page.goto(stack.demoUrl())
  await expect(page.getByTestId('sdk-status')).toHaveText('ready')
  await page.getByTestId('open').click()
  const modal = page.frameLocator('iframe[title="Walletframe"]')

  await modal.getByTestId('wf-social-google').click()
  await expect(modal.getByTestId('wf-popup-blocked')).toBeVisible()
  const popupOpened = page.waitForEvent('popup')
  await modal.getByTestId('wf-popup-blocked').getByRole('button', { name: 'Continue' }).click()
  const popup = await popupOpened
  await expect(modal.getByTestId('wf-social-waiting')).toBeVisible()
  // The stand-in's user picker: Alice, whose address google verifies.
  await popup.locator('button[value="alice"]').click()
  await popup.waitForEvent('close', { timeout: 15_000 })

  await expect(modal.getByTestId('wf-recovery-password')).toBeVisible({ timeout: 15_000 })
  await modal.getByTestId('wf-recovery-password-input').fill('correct horse battery staple')
  await modal.getByTestId('wf-recovery-password-submit').click()
  await expect(page.getByTestId('state-status')).toHaveText('connected', { timeout: 30_000 })
  const address = (await page.getByTestId('state-address').textContent()) as string
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
  expect(await approveAndVerify(page, modal, address, 'Signed after a google login')).toEqual({
    verified: true,
  })
  expect(await hostState(page)).toMatchObject({
    connector: 'auth',
    embeddedWalletInfo: { authProvider: 'google', accountType: 'eoa', user: { email: 'alice@example.test' } },
  })

  await page.getByTestId('disconnect').click()
  await expect(page.getByTestId('state-status')).toHaveText('disconnected')
})

test('apple (form_post) reaches the same wallet as google for the same verified address, opened with the password', async ({
  page,
  stack,
}) => {
  test.setTimeout(90_000)
  await page.goto(stack.demoUrl())
  await expect(page.getByTestId('sdk-status')).toHaveText('ready')
  const modal = page.frameLocator('iframe[title="Walletframe"]')

  /** A social login as alice through the stand-in, then sign-out; answers the address and what the password was for. */
  async function loginWith(provider: string) {
    await page.getByTestId('open').click()
    const answer = await socialLogin(page, modal, provider)
    await page.getByTestId('disconnect').click()
    await expect(page.getByTestId('state-status')).toHaveText('disconnected')
    return answer
  }

  // Google makes alice's wallet, or opens the one an earlier test of this worker made.
  const google = await loginWith('google')
  // Apple answers the API with a form post (response_mode=form_post) and vouches for the same address:
  // the same user, whose wallet exists, so this new device opens it with the recovery password.
  const apple = await loginWith('apple')
  expect(apple).toEqual({ address: google.address, asked: 'Open wallet' })
})
