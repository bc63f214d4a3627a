// Sign in with a signed message with a browser wallet on the devnets and the API
// holding nonces and sessions: required (close disabled until signed), optional, declined, cancelled,
// kept across a host reload, ended by disconnect, and verified the way a host's backend verifies it.
import { createHmac } from 'node:crypto'
import type { FrameLocator, Page } from '@playwright/test'
import { evmAccount } from '@walletframe/devstack'
import { revocationMessage, SessionRecord, type SiwxSession } from '@walletframe/protocol'
import { apiNonceCheck, verifySession } from '@walletframe/sdk/server'
import { test as apiTest } from './lib/api.js'
import { injectBrowserWallet } from './lib/browserWallet.js'
import { rpcUrlsOf } from './lib/chains.js'
import { expect, expectToast, frameOf, projectId } from './lib/fixtures.js'

const test = apiTest
const signer = evmAccount(6)

/** The demo page with sign-in `mode`, and its modal. */
async function openDemo(page: Page, stack: { demoUrl(): string }, mode: 'required' | 'optional') {
  await page.goto(`${stack.demoUrl()}?siwx=${mode}`)
  await expect(page.getByTestId('sdk-status')).toHaveText('ready')
  return page.frameLocator('iframe[title="Walletframe"]')
}

async function connect(page: Page, modal: FrameLocator) {
  await page.getByTestId('open').click()
  await modal.getByTestId('wf-wallet-org.walletframe.testwallet').click()
  await expect(page.getByTestId('state-status')).toHaveText('connected')
}

const hostSession = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { walletframe: { getSiwxSession(): unknown } }).walletframe.getSiwxSession(),
  ) as Promise<SiwxSession | null | undefined>

const walletCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { __testWallet: { calls: string[] } }).__testWallet.calls)

test.beforeEach(async ({ page, chains }) => {
  await injectBrowserWallet(page, {
    privateKey: signer.privateKey as `0x${string}`,
    rpcUrls: rpcUrlsOf(chains),
    chainId: 1,
  })
})

test('required: the modal cannot close until the account signs; the session verifies on a backend, survives a reload and ends on disconnect', async ({
  page,
  stack,
  api,
  chains,
}) => {
  const modal = await openDemo(page, stack, 'required')
  await connect(page, modal)
  await expect(modal.getByTestId('wf-view-SIWXSignMessage')).toBeVisible()
  await expect(modal.getByTestId('wf-siwx')).toHaveAttribute('data-required', 'true')
  await expect(modal.getByTestId('wf-close')).toBeDisabled()
  // Escape and the host's close() leave it open.
  await modal.getByTestId('wf-siwx-sign').focus()
  await page.keyboard.press('Escape')
  await page.evaluate(() =>
    (window as unknown as { walletframe: { close(): Promise<void> } }).walletframe.close(),
  )
  await expect(modal.getByTestId('wf-view-SIWXSignMessage')).toBeVisible()
  await expect(page.getByTestId('siwx-session')).toHaveText('none')

  await modal.getByTestId('wf-siwx-sign').click()
  await expect(page.getByTestId('modal-open')).toHaveText('false')
  await expect(page.getByTestId('siwx-session')).toHaveText(signer.address)
  expect(await walletCalls(page)).toContain('personal_sign')

  // What the page hands its backend verifies there: domain, URI, nonce (through the API), signature.
  const session = await hostSession(page)
  expect(session?.message).toContain(
    `${new URL(stack.demo.origin).host} wants you to sign in with your Ethereum account:`,
  )
  const verified = await verifySession(session, {
    domain: new URL(stack.demo.origin).host,
    uri: stack.demo.origin,
    nonceCheck: apiNonceCheck({ apiUrl: api.url, projectId, sessionId: session!.id }),
    rpcUrls: { 'eip155:1': rpcUrlsOf(chains)[1]! },
  })
  expect(verified).toMatchObject({ address: signer.address, chainId: 'eip155:1' })
  // Another site cannot use it.
  await expect(
    verifySession(session, {
      domain: 'evil.example',
      nonceCheck: apiNonceCheck({ apiUrl: api.url, projectId, sessionId: session!.id }),
      rpcUrls: { 'eip155:1': rpcUrlsOf(chains)[1]! },
    }),
  ).rejects.toMatchObject({ code: 'DOMAIN_MISMATCH' })

  // A reload keeps it: no new signature, no prompt.
  const signatures = (await walletCalls(page)).filter((call) => call === 'personal_sign').length
  expect(signatures).toBe(1)
  await page.reload()
  await expect(page.getByTestId('state-status')).toHaveText('connected')
  await expect(page.getByTestId('siwx-session-id')).toHaveText(session!.id)
  await expect(page.getByTestId('modal-open')).toHaveText('false')

  // Disconnect ends it, at the API too.
  await page.getByTestId('disconnect').click()
  await expect(page.getByTestId('siwx-session')).toHaveText('none')
  await expect
    .poll(async () => {
      const response = await fetch(`${api.url}/v1/sessions/${session!.id}?projectId=${projectId}`)
      return SessionRecord.parse(await response.json()).status
    })
    .toBe('revoked')
  await expect(
    verifySession(session, {
      domain: new URL(stack.demo.origin).host,
      nonceCheck: apiNonceCheck({ apiUrl: api.url, projectId, sessionId: session!.id }),
      rpcUrls: { 'eip155:1': rpcUrlsOf(chains)[1]! },
    }),
  ).rejects.toMatchObject({ code: 'NONCE_REJECTED' })
})

test('required: a declined signature keeps the view with "Signature declined"; cancel disconnects and resets to Connect', async ({
  page,
  stack,
}) => {
  const modal = await openDemo(page, stack, 'required')
  await connect(page, modal)
  await expect(modal.getByTestId('wf-view-SIWXSignMessage')).toBeVisible()
  await page.evaluate(() => {
    ;(window as unknown as { __testWallet: { declineNext: boolean } }).__testWallet.declineNext = true
  })
  await modal.getByTestId('wf-siwx-sign').click()
  await expectToast(modal, 'Signature declined')
  await expect(modal.getByTestId('wf-view-SIWXSignMessage')).toBeVisible()
  await expect(page.getByTestId('siwx-session')).toHaveText('none')
  await expect(page.getByTestId('state-status')).toHaveText('connected')

  await modal.getByTestId('wf-siwx-cancel').click()
  await expect(page.getByTestId('state-status')).toHaveText('disconnected')
  await expect(modal.getByTestId('wf-view-Connect')).toBeVisible()
})

test('required: Sign pressed right after "Signature declined" asks the wallet again and signs in; the toast never disables it', async ({
  page,
  stack,
}) => {
  const modal = await openDemo(page, stack, 'required')
  await connect(page, modal)
  await expect(modal.getByTestId('wf-guarded')).toHaveAttribute('data-visibility', 'visible')
  // Every report of the clickjacking guard from here on. It disabled Sign while the "Signature
  // declined" toast was painted over it: a press as the toast appeared started nothing.
  await frameOf(page, stack).evaluate(() => {
    const guarded = document.querySelector('[data-testid="wf-guarded"]') as Element
    const reports: string[] = []
    Object.assign(window, { __guardReports: reports })
    new MutationObserver(() => reports.push(guarded.getAttribute('data-visibility') ?? '')).observe(guarded, {
      attributeFilter: ['data-visibility'],
    })
  })
  await page.evaluate(() => {
    ;(window as unknown as { __testWallet: { declineNext: boolean } }).__testWallet.declineNext = true
  })
  await modal.getByTestId('wf-siwx-sign').click()
  await expectToast(modal, 'Signature declined')
  await modal.getByTestId('wf-siwx-sign').click()
  await expect(page.getByTestId('siwx-session')).toHaveText(signer.address)
  expect((await walletCalls(page)).filter((call) => call === 'personal_sign')).toHaveLength(2)
  expect(
    await frameOf(page, stack).evaluate(
      () => (window as unknown as { __guardReports: string[] }).__guardReports,
    ),
  ).toEqual([])
})

test('a session revoked at the API ends: after a reload the host has none and required sign-in asks again', async ({
  page,
  stack,
  api,
  regime,
}) => {
  const modal = await openDemo(page, stack, 'required')
  await connect(page, modal)
  await modal.getByTestId('wf-siwx-sign').click()
  await expect(page.getByTestId('siwx-session')).toHaveText(signer.address)
  const session = await hostSession(page)
  // Where the frame keeps its sessions: its own storage, or (blocked) the host page's through the SDK,
  // revocation key included (it can end the session, nothing more).
  const kept =
    regime === 'blocked'
      ? JSON.parse(
          (await page.evaluate((key) => localStorage.getItem(key), `walletframe:${projectId}`)) ?? '{}',
        )['walletframe:siwx']
      : await frameOf(page, stack).evaluate(() => localStorage.getItem('walletframe:siwx'))
  const sessions = JSON.parse(kept) as { id: string; revocationKey: string }[]
  const { revocationKey } = sessions.find((entry) => entry.id === session!.id)!
  const signature = createHmac('sha256', Buffer.from(revocationKey, 'hex'))
    .update(revocationMessage(session!.id))
    .digest('hex')
  const revoked = await fetch(`${api.url}/v1/sessions/${session!.id}/revoke?projectId=${projectId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pci: session!.id, signature }),
  })
  expect(revoked.status).toBe(200)

  await page.reload()
  await expect(page.getByTestId('state-status')).toHaveText('connected')
  await expect(modal.getByTestId('wf-view-SIWXSignMessage')).toBeVisible()
  await expect(page.getByTestId('siwx-session')).toHaveText('none')
})

test('required: a reload with no session asks again', async ({ page, stack }) => {
  const modal = await openDemo(page, stack, 'required')
  await connect(page, modal)
  await expect(modal.getByTestId('wf-view-SIWXSignMessage')).toBeVisible()
  await page.reload()
  await expect(page.getByTestId('state-status')).toHaveText('connected')
  await expect(page.getByTestId('modal-open')).toHaveText('true')
  await expect(modal.getByTestId('wf-view-SIWXSignMessage')).toBeVisible()
  await expect(modal.getByTestId('wf-close')).toBeDisabled()
})

test('optional: close works, cancel closes and stays connected; signing later from the same view works', async ({
  page,
  stack,
}) => {
  const modal = await openDemo(page, stack, 'optional')
  await connect(page, modal)
  await expect(modal.getByTestId('wf-view-SIWXSignMessage')).toBeVisible()
  await expect(modal.getByTestId('wf-siwx')).toHaveAttribute('data-required', 'false')
  await expect(modal.getByTestId('wf-close')).toBeEnabled()
  await modal.getByTestId('wf-siwx-cancel').click()
  await expect(page.getByTestId('modal-open')).toHaveText('false')
  await expect(page.getByTestId('state-status')).toHaveText('connected')
  await expect(page.getByTestId('siwx-session')).toHaveText('none')

  // The host may ask again (open({ view: 'SIWXSignMessage' })).
  await page.evaluate(() =>
    (window as unknown as { walletframe: { open(o: { view: string }): Promise<void> } }).walletframe.open({
      view: 'SIWXSignMessage',
    }),
  )
  await modal.getByTestId('wf-siwx-sign').click()
  await expect(page.getByTestId('siwx-session')).toHaveText(signer.address)
  await expect(page.getByTestId('modal-open')).toHaveText('false')
})
