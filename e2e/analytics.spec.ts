// Analytics to the operator only: the frame's events arrive at the operator's own API
// (POST /e) and are read back from its database — with the query's st and sv, the host page as url
// and domain, the connected address in props — and none is sent when the host turns them off.
import { evmAccount } from '@walletframe/devstack'
import { test as apiTest, expect } from './lib/api.js'
import { connectBrowserWallet, injectBrowserWallet } from './lib/browserWallet.js'
import { rpcUrlsOf } from './lib/chains.js'

const test = apiTest
const holder = evmAccount(6)

type Row = {
  eventId: string
  url: string
  domain: string
  props: { type?: string; event?: string; properties?: Record<string, unknown>; address?: string }
  origin: string | null
  sdkType: string | null
  sdkVersion: string | null
  occurredAt: Date
}

test.beforeEach(async ({ page, chains }) => {
  await injectBrowserWallet(page, {
    privateKey: holder.privateKey as `0x${string}`,
    rpcUrls: rpcUrlsOf(chains),
    chainId: 1,
  })
})

test('the modal and connect events reach the API batched, with url, domain, props and projectId, st, sv', async ({
  api,
  demo,
  modal,
  stack,
}) => {
  const posts: { url: string; events: unknown[] }[] = []
  // This test's events only, by the ids it saw sent: the worker's API also holds the earlier specs'
  // events, some from the same second, which an arrival-time window would count as this test's.
  const rows = async () => {
    const sent = new Set(
      posts.flatMap((post) => post.events.map((event) => (event as { eventId: string }).eventId)),
    )
    return (await api.app.database.db.query.analyticsEvents.findMany()).filter((row) =>
      sent.has(row.eventId),
    ) as Row[]
  }
  demo.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/e')
      posts.push({ url: request.url(), events: request.postDataJSON() as unknown[] })
  })
  await connectBrowserWallet(demo, modal)
  await expect
    .poll(async () => (await rows()).map((row) => row.props.event), { timeout: 10_000 })
    .toEqual(expect.arrayContaining(['MODAL_OPEN', 'CONNECT_SUCCESS', 'MODAL_CLOSE']))

  const stored = await rows()
  const connect = stored.find((row) => row.props.event === 'CONNECT_SUCCESS')
  expect(connect).toMatchObject({
    url: stack.demo.origin,
    domain: new URL(stack.demo.origin).hostname,
    // The frame sends from its own origin (the API allows it as a frame origin).
    origin: stack.frame.origin,
    sdkType: 'walletframe',
    sdkVersion: expect.stringMatching(/^\d+\.\d+\.\d+/),
    props: {
      type: 'track',
      event: 'CONNECT_SUCCESS',
      properties: { method: 'browser', name: 'Test Wallet' },
      address: holder.address,
    },
  })
  expect(stored.find((row) => row.props.event === 'MODAL_OPEN')?.props).toMatchObject({
    properties: { connected: false },
  })
  expect(new Set(stored.map((row) => row.eventId)).size).toBe(stored.length)
  // Events of the same moment share a request: CONNECT_SUCCESS and the MODAL_CLOSE that follows it.
  const batched = posts.find((post) =>
    ['CONNECT_SUCCESS', 'MODAL_CLOSE'].every((event) =>
      post.events.some((sent) => (sent as { props: { event: string } }).props.event === event),
    ),
  )
  expect(batched?.events.length).toBeGreaterThanOrEqual(2)
  for (const { url } of posts)
    expect(Object.fromEntries(new URL(url).searchParams)).toMatchObject({
      projectId: expect.any(String),
      st: 'walletframe',
      sv: expect.any(String),
    })
})

test('nothing is sent when the host turns analytics off (features.analytics: false)', async ({
  page,
  stack,
  modal,
}) => {
  const posts: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/e') posts.push(request.url())
  })
  await page.goto(`${stack.demoUrl()}?analytics=off`)
  await connectBrowserWallet(page, modal)
  await page.getByTestId('open').click()
  await expect(modal.getByTestId('wf-view-Account')).toBeVisible()
  // The open modal covers the page: disconnect through the SDK, as a host's own button would.
  await page.evaluate(() =>
    (window as unknown as { walletframe: { disconnect(): Promise<void> } }).walletframe.disconnect(),
  )
  await expect(page.getByTestId('state-status')).toHaveText('disconnected')
  // Absence has no event to await: wait past the sender's batch delay (1 s) with room to spare.
  await page.waitForTimeout(2_500)
  expect(posts).toEqual([])
})
