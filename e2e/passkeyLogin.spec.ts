// Passkey login with the embedded wallet, end to end with Chromium's virtual authenticator (the
// DevTools WebAuthn domain: CTAP2, internal transport, resident keys, user verification): a wallet
// made with a passkey alone on one host site (the dialog in the frame's cross-origin iframe), then the
// same passkey on a second host site — a new device there — which recovers the wallet from the auth
// share and the password-encrypted recovery share: the same address, and a signature that verifies.
// With the passkey's PRF (the authenticator's hmac-secret) no password is asked at all: the wallet is
// made under the PRF alone and the second site opens it with a touch; a password can be added later.
// Without PRF, the view says why the password is asked.
// Where the browser is not Chromium the passkey is made in a window on the frame origin (Safari refuses
// create in a cross-origin iframe): the second test makes Chromium look like such a browser.

import { test as apiTest } from './lib/api.js'
import { closingClick } from './lib/closingClick.js'
import { approveAndVerify, enterPassword, openDemo, password } from './lib/emailLogin.js'
import { expect } from './lib/fixtures.js'
import { passkeyWallet, passkeyWindowOpened } from './lib/passkeyWallet.js'
import { authenticator } from './lib/virtualAuthenticator.js'

const test = apiTest

test('a wallet made with a passkey alone on one host site, used with the same passkey on another', async ({
  page,
  stack,
}) => {
  test.setTimeout(120_000)
  const first = await authenticator(page.context(), page)
  const modal = await openDemo(page, stack.demoUrl())
  await modal.getByTestId('wf-passkey-create').click()
  // A new wallet: this passkey has no PRF, so the recovery password protects the recovery share, and
  // the view says why it is asked.
  await expect(modal.getByTestId('wf-recovery-password')).toBeVisible({ timeout: 15_000 })
  await expect(modal.getByTestId('wf-recovery-passkey-note')).toContainText(
    'cannot protect your wallet by itself',
  )
  await enterPassword(modal)
  await expect(page.getByTestId('state-status')).toHaveText('connected', { timeout: 30_000 })
  const address = (await page.getByTestId('state-address').textContent()) as string
  expect(await approveAndVerify(page, modal, address, 'Signed with a passkey wallet')).toEqual({
    verified: true,
  })
  const [passkey] = await first.credentials()
  expect(passkey).toMatchObject({ isResidentCredential: true })
  expect(passkey?.rpId).toBe(new URL(stack.frame.origin).hostname)

  // Another host site: the same passkey (as a synced one would be), a new device for the wallet.
  const second = await page.context().newPage()
  const other = await authenticator(page.context(), second)
  await other.add(passkey!)
  const secondModal = await openDemo(second, stack.foreignUrl())
  await secondModal.getByTestId('wf-passkey-login').click()
  await expect(secondModal.getByTestId('wf-recovery-password')).toBeVisible({ timeout: 15_000 })
  // The view says why the password is asked: this passkey cannot open the wallet by itself.
  await expect(secondModal.getByTestId('wf-recovery-passkey-note')).toContainText(
    'cannot open your wallet by itself',
  )
  await enterPassword(secondModal)
  await expect(second.getByTestId('state-status')).toHaveText('connected', { timeout: 30_000 })
  await expect(second.getByTestId('state-address')).toHaveText(address)
  expect(await approveAndVerify(second, secondModal, address, 'Signed on another site')).toEqual({
    verified: true,
  })
  await second.close()
})

test('with PRF, a wallet made with no password on one host site opens on another with a touch, and takes a password later', async ({
  page,
  stack,
}) => {
  test.setTimeout(120_000)
  // One tab, one authenticator (it holds for the tab's frame trees across navigations), as one
  // phone with its passkey visits two host sites.
  const holder = await authenticator(page.context(), page, { hasPrf: true })
  const modal = await openDemo(page, stack.demoUrl())
  await modal.getByTestId('wf-passkey-create').click()
  // No password asked: the passkey's PRF alone protects the recovery share.
  await expect(page.getByTestId('state-status')).toHaveText('connected', { timeout: 30_000 })
  await expect(modal.getByTestId('wf-recovery-password')).toHaveCount(0)
  const address = (await page.getByTestId('state-address').textContent()) as string
  expect(await holder.credentials()).toHaveLength(1)
  // Account offers a recovery password (for a device without the passkey), without forcing one.
  await page.getByTestId('open').click()
  await expect(modal.getByTestId('wf-account-add-recovery-password')).toBeVisible({ timeout: 15_000 })

  // Host site B: the frame has nothing of site A's (partitioned or blocked storage), a new device.
  const other = await openDemo(page, stack.foreignUrl())
  await other.getByTestId('wf-passkey-login').click()
  // Connected with no password asked: the wallet opened only if the passkey's PRF opened its share.
  await expect(page.getByTestId('state-status')).toHaveText('connected', { timeout: 30_000 })
  await expect(page.getByTestId('state-address')).toHaveText(address)
  await expect(other.getByTestId('wf-recovery-password')).toHaveCount(0)
  expect(await approveAndVerify(page, other, address, 'Signed after a recovery with a touch')).toEqual({
    verified: true,
  })

  // A recovery password added later (a touch of the passkey): the offer goes, and an email-less login
  // elsewhere would now have a password to give. Export, which verifies that password, is open now.
  await page.getByTestId('open').click()
  await other.getByTestId('wf-account-add-recovery-password').click()
  await other.getByTestId('wf-add-recovery-password-input').fill(password)
  await other.getByTestId('wf-add-recovery-password-submit').click()
  await expect(other.getByTestId('wf-recovery-password-added')).toBeVisible({ timeout: 30_000 })
})

test('Account lists the passkey, refuses to remove the last login, adds a second (with PRF: it opens the wallet on another site) and removes one', async ({
  page,
  stack,
}) => {
  test.setTimeout(120_000)
  const { holder, modal } = await passkeyWallet(page, stack.demoUrl())

  await page.getByTestId('open').click()
  const items = modal.getByTestId('wf-passkey-item')
  await expect(items).toHaveCount(1, { timeout: 15_000 })
  await expect(items.first()).toContainText('last used')
  // The only passkey of a passkey-only account: the API refuses, and the view says why.
  await items.first().getByTestId('wf-passkey-remove').click()
  await expect(modal.getByTestId('wf-passkeys-error')).toContainText('your only way to log in')
  await expect(items).toHaveCount(1)

  // The same authenticator again: the options exclude its passkey, and the view says so.
  await modal.getByTestId('wf-passkeys-add').click()
  await expect(modal.getByTestId('wf-passkeys-error')).toContainText(
    'already holds a passkey for your account',
  )
  const [first] = await holder.credentials()

  // Another authenticator (a second device, with PRF): its passkey is made in the frame and stored for
  // this account, with its own copy of the recovery share (the wallet was made here, so the Worker holds it).
  await holder.remove()
  const second = await authenticator(page.context(), page, { hasPrf: true })
  await modal.getByTestId('wf-passkeys-add').click()
  await expect(items).toHaveCount(2, { timeout: 15_000 })
  await expect(items.nth(1)).toContainText('opens your wallet on a new device')
  const [made] = await second.credentials()
  // Both passkeys are this account's: the same user handle.
  expect(made?.userHandle).toBe(first?.userHandle)
  await items.first().getByTestId('wf-passkey-remove').click()
  await expect(items).toHaveCount(1)
  const address = (await page.getByTestId('state-address').textContent()) as string

  // Host site B with the added passkey: the same wallet, no password.
  const other = await openDemo(page, stack.foreignUrl())
  await other.getByTestId('wf-passkey-login').click()
  await expect(page.getByTestId('state-status')).toHaveText('connected', { timeout: 30_000 })
  await expect(page.getByTestId('state-address')).toHaveText(address)
  await expect(other.getByTestId('wf-recovery-password')).toHaveCount(0)
})

test('where the browser is not Chromium, the passkey is made in a window on the frame origin opened in the click', async ({
  page,
  stack,
}) => {
  test.setTimeout(120_000)
  const { modal, passkeyWindow: popup } = await passkeyWindowOpened(page, stack.demoUrl())
  expect(new URL(popup.url()).origin).toBe(stack.frame.origin)
  const inWindow = await authenticator(page.context(), popup)
  const added = inWindow.added()
  await expect(popup.getByTestId('wf-passkey-page-create')).toBeEnabled()
  // The window hands the passkey over and closes in the click's own task.
  await closingClick(popup, popup.getByTestId('wf-passkey-page-create'))
  const passkey = await added
  await expect(modal.getByTestId('wf-recovery-password')).toBeVisible({ timeout: 15_000 })
  await enterPassword(modal)
  await expect(page.getByTestId('state-status')).toHaveText('connected', { timeout: 30_000 })
  const address = (await page.getByTestId('state-address').textContent()) as string

  // The passkey made in the window is the frame site's: the iframe on another host site logs in with it.
  const second = await page.context().newPage()
  const other = await authenticator(page.context(), second)
  await other.add(passkey)
  const secondModal = await openDemo(second, stack.foreignUrl())
  await secondModal.getByTestId('wf-passkey-login').click()
  await enterPassword(secondModal)
  await expect(second.getByTestId('state-status')).toHaveText('connected', { timeout: 30_000 })
  await expect(second.getByTestId('state-address')).toHaveText(address)
  expect(
    await approveAndVerify(second, secondModal, address, 'Signed after a passkey made in a window'),
  ).toEqual({
    verified: true,
  })
  await second.close()
})
