// Email login where the frame has storage (partitioned per host site, Chrome's default): a reload
// restores the wallet without asking anything — the session refreshed with the device key, the wallet
// opened from the device share (frame storage, wrapped by a non-extractable key in IndexedDB) and the
// auth share (from the API) — and after sign-out a reload restores nothing. On a second host site the
// frame's storage is another partition: that site is a new device, which the mailbox approves, and the
// recovery password opens the same wallet; it keeps its own device share, so a reload there restores.
import { test as apiTest } from './lib/api.js'
import { approveAndVerify, loginByEmail, loginOnNewDevice, openDemo } from './lib/emailLogin.js'
import { expect } from './lib/fixtures.js'

const test = apiTest
// The 30 s between codes is emailLogin.spec.ts's subject; a shorter one (still longer than a login
// takes) keeps this run short.
test.use({ emailCooldownSeconds: 15 })

test('a reload restores the wallet from the device share without asking anything; after sign-out it does not', async ({
  page,
  stack,
  chains,
}) => {
  test.setTimeout(120_000)
  const mailUrl = chains.services.mail as string
  const email = `restored-${Date.now()}@example.test`
  const { modal, firstMail } = await loginByEmail(page, { demoUrl: stack.demoUrl(), mailUrl }, email)
  const address = (await page.getByTestId('state-address').textContent()) as string

  // The session refreshes with the device key; device share + auth share open the wallet.
  await page.reload()
  await expect(page.getByTestId('sdk-status')).toHaveText('ready')
  await expect(page.getByTestId('state-status')).toHaveText('connected', { timeout: 30_000 })
  await expect(page.getByTestId('state-address')).toHaveText(address)
  expect(await approveAndVerify(page, modal, address, 'Signed after a reload')).toEqual({ verified: true })

  // Another host site: another partition, a new device, the same wallet.
  const second = await page.context().newPage()
  const secondModal = await openDemo(second, stack.foreignUrl())
  await loginOnNewDevice(
    second,
    secondModal,
    { mailUrl, email, after: firstMail.id },
    {
      sessionOnly: false,
      // The 15 s cooldown may or may not have passed by now: either way the login goes on.
      cooldown: 'either',
    },
  )
  await expect(second.getByTestId('state-address')).toHaveText(address)
  expect(await approveAndVerify(second, secondModal, address, 'Signed on another site')).toEqual({
    verified: true,
  })
  await second.reload()
  await expect(second.getByTestId('state-status')).toHaveText('connected', { timeout: 30_000 })
  await expect(second.getByTestId('state-address')).toHaveText(address)
  await second.close()

  await page.getByTestId('disconnect').click()
  await expect(page.getByTestId('state-status')).toHaveText('disconnected')
  await page.reload()
  await expect(page.getByTestId('sdk-status')).toHaveText('ready')
  await expect(page.getByTestId('state-status')).toHaveText('disconnected')
})
