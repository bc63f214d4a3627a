// Sign In With Farcaster with the embedded wallet, end to end: the Farcaster button opens
// ConnectingFarcaster with the relay channel's QR code and link; the devstack's Farcaster client (the
// phone app's part) signs the SIWF message with alice's custody key and hands it to the relay stand-in;
// the frame's poll has the API verify it (nonce, domain, custody on the local IdRegistry), the wallet
// opens with a recovery password, and the host's provider signs for the embedded address. The user is
// named by their fid (the relay's username is the app's word, not verified). The same signed message
// handed to a later login is refused (its nonce belongs to the spent attempt). A Farcaster account has
// no email address: to add one, the user signs in with Farcaster again (a new channel), then enters
// the code mailed to the new address.

import type { FrameLocator } from '@playwright/test'
import { farcasterSignIn, farcasterUser } from '@walletframe/devstack'
import { expectAccessible } from './lib/a11y.js'
import { test } from './lib/api.js'
import {
  approveAndVerify,
  codeOf,
  enterCode,
  enterPassword,
  hostState,
  nextMail,
  openDemo,
} from './lib/emailLogin.js'
import { expect } from './lib/fixtures.js'

/** The channel URL a view offers the Farcaster app (`testId`: its link), checked for the relay's shape. */
async function channelOf(modal: FrameLocator, testId: string): Promise<string> {
  const link = modal.getByTestId(testId)
  await expect(link).toBeVisible({ timeout: 15_000 })
  const url = (await link.getAttribute('href')) as string
  expect(url).toMatch(/^farcaster:\/\/connect\?channelToken=[2-9A-HJ-NP-Z]{8}$/)
  return url
}

test('farcaster login from the QR view: connected, signs; a replayed SIWF message is refused', async ({
  page,
  stack,
  chains,
}) => {
  test.setTimeout(90_000)
  const relayUrl = chains.services.farcaster as string
  await page.goto(stack.demoUrl())
  await expect(page.getByTestId('sdk-status')).toHaveText('ready')
  await page.getByTestId('open').click()
  const modal = page.frameLocator('iframe[title="Walletframe"]')

  /** Opens ConnectingFarcaster from Connect; answers the channel URL the view offers the Farcaster app. */
  async function openFarcaster(): Promise<string> {
    await modal.getByTestId('wf-social-farcaster').click()
    const link = modal.getByTestId('wf-farcaster-link')
    await expect(link).toBeVisible({ timeout: 15_000 })
    const url = (await link.getAttribute('href')) as string
    expect(url).toMatch(/^farcaster:\/\/connect\?channelToken=[2-9A-HJ-NP-Z]{8}$/)
    await expect(modal.getByTestId('wf-farcaster-qr')).toHaveAttribute('data-value', url)
    await expect(modal.getByTestId('wf-farcaster-qr').locator('img')).toBeVisible()
    return url
  }

  const channel = await openFarcaster()
  await expectAccessible(page, 'ConnectingFarcaster')
  const signed = await farcasterSignIn({ relayUrl, channel, user: 'alice' })
  await expect(modal.getByTestId('wf-recovery-password')).toBeVisible({ timeout: 15_000 })
  await enterPassword(modal)
  await expect(page.getByTestId('state-status')).toHaveText('connected', { timeout: 30_000 })
  const address = (await page.getByTestId('state-address').textContent()) as string
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
  expect(await approveAndVerify(page, modal, address, 'Signed after a Farcaster login')).toEqual({
    verified: true,
  })
  // Named by the fid the API verified custody of, not by the username the relay passed on.
  expect(await hostState(page)).toMatchObject({
    connector: 'auth',
    embeddedWalletInfo: {
      authProvider: 'farcaster',
      user: { username: `fid:${farcasterUser('alice').fid}` },
    },
  })
  await page.getByTestId('disconnect').click()
  await expect(page.getByTestId('state-status')).toHaveText('disconnected')

  // A new login whose channel receives the earlier signed message: refused, in the API's words.
  await page.getByTestId('open').click()
  const replayChannel = await openFarcaster()
  await farcasterSignIn({ relayUrl, channel: replayChannel, user: 'alice', message: signed })
  await expect(modal.getByTestId('wf-farcaster-error')).toContainText('Invalid nonce', { timeout: 15_000 })
  await expect(page.getByTestId('state-status')).toHaveText('disconnected')

  // Back with no address: Connect again, and a new try opens a new channel.
  await modal.getByRole('button', { name: 'Back' }).click()
  await expect(modal.getByTestId('wf-social-farcaster')).toBeVisible()
  expect(await openFarcaster()).not.toBe(replayChannel)
})

test('a Farcaster account adds an email address after signing in with Farcaster again', async ({
  page,
  stack,
  chains,
}) => {
  test.setTimeout(90_000)
  const relayUrl = chains.services.farcaster as string
  const mailUrl = chains.services.mail as string
  const email = `farcaster-added-${Date.now()}@example.test`
  const modal = await openDemo(page, stack.demoUrl())
  await modal.getByTestId('wf-social-farcaster').click()
  await farcasterSignIn({ relayUrl, channel: await channelOf(modal, 'wf-farcaster-link'), user: 'bob' })
  await enterPassword(modal)
  await expect(page.getByTestId('state-status')).toHaveText('connected', { timeout: 30_000 })
  const address = (await page.getByTestId('state-address').textContent()) as string

  await page.getByTestId('open').click()
  await modal.getByTestId('wf-account-update-email').click()
  await expect(modal.getByTestId('wf-update-email-confirm')).toContainText('sign in again with Farcaster')
  await modal.getByTestId('wf-update-email-confirm-start').click()
  const channel = await channelOf(modal, 'wf-update-email-farcaster-link')
  await expect(modal.getByTestId('wf-update-email-farcaster-qr')).toHaveAttribute('data-value', channel)
  await farcasterSignIn({ relayUrl, channel, user: 'bob' })

  await modal.getByTestId('wf-update-email-input').fill(email)
  await modal.getByTestId('wf-update-email-submit').click()
  await expect(modal.getByTestId('wf-update-email-step')).toHaveAttribute(
    'data-action',
    'VERIFY_SECONDARY_OTP',
  )
  await enterCode(modal, codeOf(await nextMail(mailUrl, email, 0)))
  await expect(modal.getByTestId('wf-update-email-new')).toHaveText(email)
  await expect
    .poll(() => hostState(page))
    .toMatchObject({ address, embeddedWalletInfo: { authProvider: 'farcaster', user: { email } } })
})
