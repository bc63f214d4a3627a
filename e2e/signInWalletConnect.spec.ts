// Sign-in over WalletConnect: a wallet that supports one-click sign-in signs
// the proposal's CAIP-122 request (with a ReCap of the app's methods) as it connects, so the user
// signs once; a wallet that does not connects alone and signs on SIWXSignMessage; a declined
// signature keeps the view. Each session verifies the way a host's backend verifies it.
import { mergeTests, type Page } from '@playwright/test'
import { type AnsweredRequest, createTestWallet, type Proposal, type TestWallet } from '@walletframe/devstack'
import type { SiwxSession } from '@walletframe/protocol'
import { apiNonceCheck, verifySession } from '@walletframe/sdk/server'
import { test as apiTest } from './lib/api.js'
import { rpcUrlsOf } from './lib/chains.js'
import { expectToast, projectId } from './lib/fixtures.js'
import { expect, rpcUrlsByCaip, test as walletConnectTest } from './lib/walletConnect.js'

const test = mergeTests(apiTest, walletConnectTest)

async function openDemo(page: Page, stack: { demoUrl(): string }) {
  await page.goto(`${stack.demoUrl()}?siwx=required`)
  await expect(page.getByTestId('sdk-status')).toHaveText('ready')
  return page.frameLocator('iframe[title="Walletframe"]')
}

/** Opens the QR view; the wallet pairs and approves; returns the proposal it saw. */
async function connect(page: Page, wallet: TestWallet): Promise<Proposal> {
  const modal = page.frameLocator('iframe[title="Walletframe"]')
  await page.getByTestId('open').click()
  await modal.getByTestId('wf-walletconnect').click()
  await expect(modal.getByTestId('wf-wc-qr').locator('img')).toBeVisible()
  const uri = await modal.getByTestId('wf-wc-uri').getAttribute('data-uri')
  const proposal = new Promise<Proposal>((resolve) => wallet.on('proposal', resolve))
  await wallet.pair(uri as string)
  await wallet.approveNextProposal()
  await expect(page.getByTestId('state-status')).toHaveText('connected')
  return proposal
}

const hostSession = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { walletframe: { getSiwxSession(): unknown } }).walletframe.getSiwxSession(),
  ) as Promise<SiwxSession | null | undefined>

function recordRequests(wallet: TestWallet): AnsweredRequest[] {
  const seen: AnsweredRequest[] = []
  wallet.on('request', (request) => seen.push(request))
  return seen
}

test('a wallet that supports it signs in as it connects: one signature, no SIWXSignMessage', async ({
  page,
  stack,
  api,
  chains,
  wallet,
}) => {
  const requests = recordRequests(wallet)
  await openDemo(page, stack)
  const proposal = await connect(page, wallet)
  const [authentication] = proposal.params.requests?.authentication ?? []
  expect(authentication?.chains.every((chain) => chain.startsWith('eip155:'))).toBe(true)
  expect(authentication?.domain).toBe(new URL(stack.demo.origin).host)
  expect(authentication?.resources?.[0]).toMatch(/^urn:recap:/)

  await expect(page.getByTestId('siwx-session')).toHaveText(wallet.address)
  await expect(page.getByTestId('modal-open')).toHaveText('false')
  expect(requests.filter((request) => request.method === 'personal_sign')).toEqual([])

  const session = await hostSession(page)
  expect((session as { cacao?: { p: { iss: string } } }).cacao?.p.iss).toMatch(
    new RegExp(`^did:pkh:eip155:\\d+:${wallet.address}$`),
  )
  const verified = await verifySession(session, {
    domain: new URL(stack.demo.origin).host,
    uri: stack.demo.origin,
    nonceCheck: apiNonceCheck({ apiUrl: api.url, projectId, sessionId: session!.id }),
    rpcUrls: Object.fromEntries(Object.entries(rpcUrlsOf(chains)).map(([id, url]) => [`eip155:${id}`, url])),
  })
  expect(verified.address).toBe(wallet.address)
})

test('a wallet without one-click sign-in connects, then signs on SIWXSignMessage; a declined signature keeps the view', async ({
  page,
  stack,
  relay,
  chains,
}) => {
  const wallet = await createTestWallet({
    relayUrl: relay.url,
    rpcUrls: rpcUrlsByCaip(chains),
    accountIndex: 7,
    signIn: 'ignore',
  })
  try {
    const requests = recordRequests(wallet)
    const modal = await openDemo(page, stack)
    await connect(page, wallet)
    await expect(modal.getByTestId('wf-view-SIWXSignMessage')).toBeVisible()
    await expect(modal.getByTestId('wf-close')).toBeDisabled()

    wallet.rejectNextRequest()
    await modal.getByTestId('wf-siwx-sign').click()
    await expectToast(modal, 'Signature declined')
    await expect(modal.getByTestId('wf-view-SIWXSignMessage')).toBeVisible()
    await expect(page.getByTestId('siwx-session')).toHaveText('none')

    await modal.getByTestId('wf-siwx-sign').click()
    await expect(page.getByTestId('siwx-session')).toHaveText(wallet.address)
    await expect(page.getByTestId('modal-open')).toHaveText('false')
    expect(requests.filter((request) => request.method === 'personal_sign')).toHaveLength(2)
  } finally {
    await wallet.close()
  }
})
