// Email login where the frame has storage (partitioned per host site, Chrome's default): a reload
// restores the wallet without asking anything — the session refreshed with the device key, the wallet
// opened from the device share (frame storage, wrapped by a non-extractable key in IndexedDB) and the
// auth share (from the API) — and after sign-out a reload restores nothing.
import { test as apiTest } from './lib/api.js'
import { approveAndVerify, loginByEmail } from './lib/emailLogin.js'
import { expect } from './lib/fixtures.js'

const test = apiTest
test.use({ regime: 'partitioned' })

test('a reload restores the wallet from the device share without asking anything; after sign-out it does not', async ({
  page,
  stack,
  chains,
}) => {
  const mailUrl = chains.services.mail as string
  const email = `restored-${Date.now()}@example.test`
  const { modal } = await loginByEmail(page, { demoUrl: stack.demoUrl(), mailUrl }, email)
  const address = (await page.getByTestId('state-address').textContent()) as string

  // The session refreshes with the device key; device share + auth share open the wallet.
  await page.reload()
  await expect(page.getByTestId('sdk-status')).toHaveText('ready')
  await expect(page.getByTestId('state-status')).toHaveText('connected', { timeout: 30_000 })
  await expect(page.getByTestId('state-address')).toHaveText(address)
  expect(await approveAndVerify(page, modal, address, 'Signed after a reload')).toEqual({ verified: true })

  await page.getByTestId('disconnect').click()
  await expect(page.getByTestId('state-status')).toHaveText('disconnected')
  await page.reload()
  await expect(page.getByTestId('sdk-status')).toHaveText('ready')
  await expect(page.getByTestId('state-status')).toHaveText('disconnected')
})
