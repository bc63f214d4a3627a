// @vitest-environment jsdom
// ReviewRequest, before a browser wallet or WalletConnect gets a request: the review (from the API,
// through the frame's client over a fetch stand-in) shows, Continue lets the request go to the wallet
// once the review is in, and a blocked request has only Dismiss — its caller gets 4001 "Action not
// allowed" and the wallet never sees it.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import type { ReviewResponse } from '@walletframe/protocol'
import { Suspense } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FrameContext } from '../app/context.js'
import type { Frame } from '../app/Frame.js'
import * as ReviewGate from '../core/reviewGate.js'
import * as Client from '../data/client.js'
import * as Store from '../lib/store.js'
import { ReviewRequest } from './ReviewRequest.js'

const account = '0x1111111111111111111111111111111111111111'
const to = '0x000000000000000000000000000000000000dEaD'
const network = 'eip155:31337'

/** A browser with IntersectionObserver v2 that sees the frame as drawn. */
beforeEach(() => {
  class Entry {
    get isVisible() {
      return true
    }
  }
  class Observer {
    constructor(private readonly report: (entries: Entry[]) => void) {}
    observe() {
      queueMicrotask(() => this.report([new Entry()]))
    }
    disconnect() {}
  }
  vi.stubGlobal('IntersectionObserverEntry', Entry)
  vi.stubGlobal('IntersectionObserver', Observer)
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

async function show(review: ReviewResponse) {
  const gate = ReviewGate.create()
  const api = Client.create({
    apiUrl: 'https://api.test',
    projectId: () => 'app',
    sdk: () => ({ type: 'html', version: '1.0.0' }),
    fetch: (async () => new Response(JSON.stringify(review), { status: 200 })) as typeof fetch,
  })
  const hostSession = Store.create({
    config: { projectId: 'app', metadata: { name: 'Dapp' } },
    origin: 'https://dapp.example',
    sdk: { type: 'html', version: '1.0.0' },
  })
  const frame = {
    core: {
      networks: { find: () => ({ name: 'Devnet', nativeCurrency: { symbol: 'ETH', decimals: 18 } }) },
      hostSession,
      connection: Store.create({
        status: 'connected',
        accounts: [`${network}:${account}`],
        connector: { name: 'Browser Wallet' },
      }),
    },
    api,
    host: () => hostSession.get().config,
    reviewGate: () => Promise.resolve(gate),
  } as unknown as Frame
  const asked = gate
    .ask({ method: 'eth_sendTransaction', params: [{ from: account, to, value: '0x1' }], network })
    .then(
      () => 'to the wallet',
      (error: unknown) => error,
    )
  await act(async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <FrameContext value={frame}>
          <Suspense fallback={null}>
            <ReviewRequest />
          </Suspense>
        </FrameContext>
      </QueryClientProvider>,
    )
  })
  return { asked }
}

describe('ReviewRequest', () => {
  it('shows the review and lets the request go to the wallet on Continue', async () => {
    const { asked } = await show({ verdict: { level: 'none', findings: [] } })
    await waitFor(() => expect(screen.getByTestId('wf-review-verdict').textContent).toBe('No risks found.'))
    const proceed = screen.getByTestId('wf-review-continue') as HTMLButtonElement
    await waitFor(() => expect(proceed.disabled).toBe(false))
    await act(async () => fireEvent.click(proceed))
    expect(await asked).toBe('to the wallet')
  })

  it('offers only Dismiss for a blocked request, which answers 4001 "Action not allowed"', async () => {
    const reason = `${to} is on this app's list of addresses you must not send to or approve`
    const { asked } = await show({
      verdict: { level: 'blocked', findings: [{ rule: 'deny-listed', reason }] },
    })
    await waitFor(() => expect(screen.getByTestId('wf-review-finding').textContent).toBe(reason))
    expect(screen.queryByTestId('wf-review-continue')).toBeNull()
    await act(async () => fireEvent.click(screen.getByTestId('wf-review-dismiss')))
    expect(await asked).toMatchObject({ code: 4001, message: 'Action not allowed' })
  })
})
