// The frame around a view that reviews a request, for its unit tests: a browser whose
// IntersectionObserver v2 sees the frame as drawn, the API client over a fetch stand-in that answers
// /v1/review as the test says, the host's session (with the project's deny list, if any) and the
// connected account. Not part of the app.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, render } from '@testing-library/react'
import { type ReactNode, Suspense } from 'react'
import { afterEach, beforeEach, vi } from 'vitest'
import { FrameContext } from '../app/context.js'
import type { Frame } from '../app/Frame.js'
import * as Locale from '../core/locale.js'
import * as Client from '../data/client.js'
import * as Store from '../lib/store.js'

/** What the API answers: a status and body, or a network failure. */
export type Answer = { status: number; body: unknown } | Error

/** Installs, for every test of the file, a browser that sees the frame unobscured. */
export function seeFrameDrawn() {
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
}

/**
 * A frame whose API answers `answer` (awaited: a promise that never settles is an API that hangs),
 * with the host's session and `accounts` connected; `core` and `frame` add what the view needs.
 */
export function reviewFrame(options: {
  answer: Answer | Promise<Answer>
  accounts: string[]
  connector?: { name: string } | undefined
  denyList?: string | undefined
  core?: Record<string, unknown>
  frame?: Record<string, unknown>
}) {
  const asked: { url: string; body: unknown }[] = []
  const fetch = vi.fn(async (url: URL | RequestInfo, init?: RequestInit) => {
    asked.push({ url: String(url), body: JSON.parse(String(init?.body)) })
    const answered = await options.answer
    if (answered instanceof Error) throw answered
    return new Response(JSON.stringify(answered.body), { status: answered.status })
  })
  const api = Client.create({
    apiUrl: 'https://api.test',
    projectId: () => 'app',
    sdk: () => ({ type: 'html', version: '1.0.0' }),
    fetch: fetch as typeof globalThis.fetch,
  })
  const hostSession = Store.create({
    config: { projectId: 'app', metadata: { name: 'Dapp' } },
    origin: 'https://dapp.example',
    sdk: { type: 'html', version: '1.0.0' },
    ...(options.denyList && { denyList: options.denyList }),
  })
  const frame = {
    core: {
      networks: { find: () => ({ name: 'Devnet', nativeCurrency: { symbol: 'ETH', decimals: 18 } }) },
      hostSession,
      locale: Locale.create(),
      connection: Store.create({
        status: 'connected',
        accounts: options.accounts,
        connector: options.connector,
      }),
      ...options.core,
    },
    api,
    host: () => hostSession.get().config,
    ...options.frame,
  } as unknown as Frame
  return { frame, asked }
}

/** Renders `view` in `frame`, as the modal would. */
export async function renderIn(frame: Frame, view: ReactNode) {
  await act(async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <FrameContext value={frame}>
          <Suspense fallback={null}>{view}</Suspense>
        </FrameContext>
      </QueryClientProvider>,
    )
  })
}
