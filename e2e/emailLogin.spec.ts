// Email login with the embedded wallet, end to end in the blocked regime (the frame is a third-party
// iframe without storage): the code read from the SMTP catcher's HTTP listing, a recovery password
// chosen, connected with an embedded address, a personal_sign through the host's provider, approved
// on ApproveTransaction, that verifies for it. A reload then finds nothing kept (the frame has no
// storage; the SDK never gets secrets): the user sees Connect again, and logging in again — now a new
// device for the mailbox — approves the device from the mailed link, enters the code and the recovery
// password, and gets the same address. The host page never receives key material. Sign-out ends the
// session.
import { test as apiTest } from './lib/api.js'
import {
  approveAndVerify,
  codeOf,
  enterCode,
  enterPassword,
  hostState,
  loginOnNewDevice,
  nextMail,
  openDemo,
} from './lib/emailLogin.js'
import { expect } from './lib/fixtures.js'
import { expectNoKeyMaterial, recordHostMessages } from './lib/hostMessages.js'

const test = apiTest
test('email login: code from the mail, an embedded address that signs, login again after a reload to the same address, sign-out', async ({
  page,
  stack,
  chains,
}) => {
  // The second login waits out the 30 s cooldown.
  test.setTimeout(120_000)
  const mailUrl = chains.services.mail as string
  const email = `embedded-${Date.now()}@example.test`
  // Every message the host page receives from the frame, and the shares that cross the wire.
  const recorder = await recordHostMessages(page.context(), stack.demo.origin)

  const modal = await openDemo(page, stack.demoUrl())
  await modal.getByTestId('wf-email-input').fill(email)
  await modal.getByTestId('wf-email-submit').click()
  const first = await nextMail(mailUrl, email, 0)
  await expect(modal.getByTestId('wf-email-code')).toBeVisible()
  // The resend waits out the 30 s cooldown, and says how long.
  await expect(modal.getByTestId('wf-email-resend')).toBeDisabled()
  await expect(modal.getByTestId('wf-email-resend')).toContainText(/Resend code in \d+ s/)
  await enterCode(modal, codeOf(first))
  await expect(modal.getByTestId('wf-recovery-password')).toBeVisible()
  await enterPassword(modal)

  await expect(page.getByTestId('state-status')).toHaveText('connected', { timeout: 30_000 })
  const address = (await page.getByTestId('state-address').textContent()) as string
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
  expect(await approveAndVerify(page, modal, address, 'Signed by the embedded wallet')).toEqual({
    verified: true,
  })
  // The host's state names the embedded wallet: how the user logged in, the account type, the user.
  expect(await hostState(page)).toMatchObject({
    connector: 'auth',
    embeddedWalletInfo: { authProvider: 'email', accountType: 'eoa', user: { email } },
  })

  await expectNoKeyMaterial(page, recorder, address)

  // Reload: the blocked frame kept nothing, so nothing is restored and Connect shows the login again.
  await page.reload()
  await expect(page.getByTestId('sdk-status')).toHaveText('ready')
  await expect(page.getByTestId('state-status')).toHaveText('disconnected')
  await page.getByTestId('open').click()
  // The server's 30 s cooldown holds; then, a new device key (the old one lived in memory): the
  // mailbox approves it, and the session lasts for the page only (no storage), as the view says.
  await loginOnNewDevice(
    page,
    modal,
    { mailUrl, email, after: first.id },
    { sessionOnly: true, cooldown: true },
  )
  await expect(page.getByTestId('state-address')).toHaveText(address)
  expect(await approveAndVerify(page, modal, address, 'Recovered on a new device')).toEqual({
    verified: true,
  })

  await expectNoKeyMaterial(page, recorder, address)

  // Sign-out: the host's disconnect revokes the session.
  await page.getByTestId('disconnect').click()
  await expect(page.getByTestId('state-status')).toHaveText('disconnected')
})
