// @vitest-environment jsdom
// Every word the transaction views show comes from the catalog: each view renders under a pseudo
// locale whose every message is marked (⟦…⟧), and what is left of the page once the marked messages
// and the data the test gave (addresses, amounts, symbols, names) are taken out holds no letter. A
// literal written into a view, or a text a flow reports that no catalog words, is found here.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import type { ConvertToken, HistoryEntry, ReviewResponse, TokenBalance } from '@walletframe/protocol'
import { evmNetwork } from '@walletframe/protocol/testing'
import { type ReactNode, Suspense } from 'react'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Frame } from '../app/Frame.js'
import type { Chain, PreparedTransfer } from '../chains/Chain.js'
import type { Core } from '../core/Core.js'
import { eth as ethBalance, usdc as usdcBalance } from '../core/send.fixtures.js'
import { balances, dai, eth, quoteOf, usdc } from '../core/swap.fixtures.js'
import type { Client } from '../data/client.js'
import type { ViewMessages } from '../locale/en/views.js'
import { isPlural } from '../locale/plural.js'
import { address, otherAddress } from '../testing.js'
import { seeFrameDrawn } from './reviewTesting.js'

/** The frame's modules, loaded afresh over the pseudo locale (see `beforeAll`). */
async function frameModules() {
  return {
    ...(await import('../app/context.js')),
    SendWiring: await import('../app/send.js'),
    SwapWiring: await import('../app/swap.js'),
    Approvals: await import('../connectors/embedded/approvals.js'),
    Send: await import('../core/actions/send.js'),
    Swap: await import('../core/actions/swap.js'),
    ...(await import('../queries/retryBlock.js')),
    ...(await import('../testing.js')),
    ...(await import('./ApproveTransaction.js')),
    ...(await import('./account/TokensTab.js')),
    ...(await import('./account/ActivityTab.js')),
    ...(await import('./reviewTesting.js')),
    ...(await import('./SwapPreview.js')),
    ...(await import('./send/SendForm.js')),
    ...(await import('./swap/SwapForm.js')),
    ...(await import('./WalletReceive.js')),
    ...(await import('./WalletRequest.js')),
  }
}
let m: Awaited<ReturnType<typeof frameModules>>

/** A message marked as the catalog's: its text (parts included) between ⟦ and ⟧. */
function marked(value: unknown): unknown {
  if (typeof value === 'string') return `⟦${value}⟧`
  if (typeof value === 'function') return (...parts: unknown[]) => `⟦${value(...parts)}⟧`
  if (isPlural(value))
    return {
      plural: Object.fromEntries(Object.entries(value.plural).map(([form, text]) => [form, `⟦${text}⟧`])),
    }
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, marked(inner)]))
  return value
}

// English is the pseudo locale: the views load its catalog as they load any. The test files of this
// project share their modules, so the frame's are loaded afresh over the marked catalog here, and
// afresh again after, for the files that follow.
beforeAll(async () => {
  vi.resetModules()
  vi.doMock('../locale/en/views.js', async (original) => {
    const { views } = await original<{ views: ViewMessages }>()
    return { views: marked(views) }
  })
  m = await frameModules()
})
afterAll(() => {
  vi.doUnmock('../locale/en/views.js')
  vi.resetModules()
})

/** What the page shows a person: its text nodes and the texts its controls are read or seen by. */
function shown(root: HTMLElement): string[] {
  const texts: string[] = []
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
  for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node.textContent ?? '')
  for (const element of root.querySelectorAll('*'))
    for (const attribute of ['placeholder', 'aria-label', 'alt', 'title'])
      texts.push(element.getAttribute(attribute) ?? '')
  return texts
}

/** Each text of the page that still has a letter once the catalog's messages and `data` are out. */
function unworded(root: HTMLElement, data: readonly string[]): string[] {
  const longestFirst = [...data].sort((a, b) => b.length - a.length)
  return shown(root).filter((text) => {
    let rest = text
    // Innermost first: a message may hold another as its part (the app's name, "your wallet").
    for (let before = ''; before !== rest; ) {
      before = rest
      rest = rest.replace(/⟦[^⟦⟧]*⟧/g, '')
    }
    for (const value of longestFirst) rest = rest.replaceAll(value, '')
    return /\p{L}/u.test(rest)
  })
}

/** Renders `view` in a frame of `core` (and `frame`), as the modal would. */
async function show(view: ReactNode, core: Core, frame: Partial<Frame> = {}) {
  await act(async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <m.FrameContext value={{ core, ...frame } as Frame}>
          <Suspense fallback={<p>suspended</p>}>{view}</Suspense>
        </m.FrameContext>
      </QueryClientProvider>,
    )
  })
  await waitFor(() => expect(screen.queryByText('suspended')).toBeNull())
}

const ethereum = evmNetwork(1, 'Ethereum')
const spender = '0x3333333333333333333333333333333333333333'
const native = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
const account = '0x1111111111111111111111111111111111111111'
const usdcToken = '0x4444444444444444444444444444444444444444'
const evmData = [
  address,
  otherAddress,
  account,
  spender,
  usdcToken,
  'Ethereum',
  'ETH',
  'USDC',
  'DAI',
  'Ether',
  'USD Coin',
]

seeFrameDrawn()
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('the transaction views say only what the catalog says', () => {
  it('ApproveTransaction, its review (changes, fee, a warning with its tick) and the queue', async () => {
    const review: ReviewResponse = {
      verdict: { level: 'warning', findings: [{ rule: 'unlimited-approval', reason: 'first-time spender' }] },
      simulation: {
        status: 'success',
        gasUsed: '21000',
        assetChanges: [
          {
            token: { address: native, symbol: 'ETH', decimals: 18 },
            pre: '1000000000000000000',
            post: '990000000000000000',
            diff: '-10000000000000000',
          },
        ],
        approvals: [
          { kind: 'erc20', token: usdcToken, spender, amount: (2n ** 256n - 1n).toString(), unlimited: true },
        ],
        nftTransfers: [],
        blockNumber: '5',
      },
    }
    const approvals = m.Approvals.create()
    const { frame } = m.reviewFrame({
      answer: { status: 200, body: review },
      accounts: [`eip155:31337:${account}`],
      core: { pending: approvals },
      frame: { embedded: async () => ({ answer: () => {}, block: () => {} }) },
    })
    const request = {
      method: 'eth_sendTransaction',
      params: [{ from: account, to: spender }],
      network: 'eip155:31337',
    }
    for (let index = 0; index < 2; index += 1)
      void approvals.run(request as Parameters<typeof approvals.run>[0], async () => '0x').catch(() => {})
    await m.renderIn(frame, <m.ApproveTransaction />)
    await waitFor(() => expect(screen.getByTestId('wf-review').dataset.status).toBe('reviewed'))
    expect(screen.getByTestId('wf-review-confirm')).toBeTruthy()
    expect(screen.getByTestId('wf-approve-queue')).toBeTruthy()
    // The finding's reason is the API's own text, and "Dapp" and "Devnet" are the host's and network's names.
    expect(unworded(document.body, [...evmData, 'first-time spender', 'Dapp', 'Devnet'])).toEqual([])
  })

  it('WalletRequest and WalletReceive', async () => {
    const core = m.coreWith([ethereum])
    await m.connectFake(core, { accounts: [`eip155:1:${address}`], network: 'eip155:1' })
    core.pending.set([
      { id: 1, method: 'personal_sign', since: 0 },
      { id: 2, method: 'eth_sendTransaction', since: 0 },
    ])
    await show(
      <>
        <m.WalletRequest />
        <m.WalletReceive />
      </>,
      core,
      { actions: {} } as Partial<Frame>,
    )
    expect(screen.getByTestId('wf-wallet-request')).toBeTruthy()
    expect(screen.getByTestId('wf-receive')).toBeTruthy()
    expect(unworded(document.body, evmData)).toEqual([])
  })

  it('Send, filled in, with its fee and an error it reports', async () => {
    const core = m.coreWith([ethereum])
    await m.connectFake(core, { accounts: [`eip155:1:${address}`], network: 'eip155:1' })
    const prepared: PreparedTransfer = { method: 'wallet_send', params: [], confirm: async () => '0x' }
    const chain = {
      nativeBalance: async () => 0n,
      isAddress: (candidate: string) => candidate === otherAddress,
      transferFee: async () => 10n ** 15n,
      prepareTransfer: async () => prepared,
      prepareSignIn: (): never => {
        throw new Error('a send never signs in')
      },
    } satisfies Chain
    const api = {
      async get(path: string) {
        if (path.endsWith('/balance')) return { balances: [usdcBalance, ethBalance] satisfies TokenBalance[] }
        if (path === 'v1/convert/gas-price') return { standard: String(10n ** 10n) }
        throw new Error(`unexpected GET ${path}`)
      },
    } as unknown as Client
    // The same promise each time, as the chain loader gives: the view reads it while rendering.
    const loaded = Promise.resolve(chain)
    const flow = m.SendWiring.create(
      { core, api, balanceRetry: m.retryBlock() },
      new QueryClient(),
      () => loaded,
    )
    const from = m.Send.source(core)
    if (!from) throw new Error('not connected')
    await show(<m.SendForm flow={flow} from={from} />, core)
    await waitFor(() => expect(screen.getByTestId('wf-send-token')).toBeTruthy())
    act(() => {
      m.Send.setAmount(flow.deps, '1.2.3')
      m.Send.setReceiver(flow.deps, otherAddress)
    })
    await waitFor(() => expect(screen.getByTestId('wf-send-error')).toBeTruthy())
    expect(unworded(document.body, evmData)).toEqual([])
    act(() => m.Send.setAmount(flow.deps, '0.5'))
    await waitFor(() => expect(screen.getByTestId('wf-send-fee')).toBeTruthy())
    expect(unworded(document.body, evmData)).toEqual([])
  })

  it('Swap and its review', async () => {
    const core = m.coreWith([ethereum])
    await m.connectFake(core, { accounts: [`eip155:1:${address}`], network: 'eip155:1' })
    const tx = { from: address, to: spender, data: '0x1234', value: '0', eip155: { gas: '1', gasPrice: '1' } }
    const api = {
      async get(path: string) {
        if (path === 'v1/convert/tokens') return { tokens: [dai, eth, usdc] satisfies ConvertToken[] }
        if (path === 'v1/convert/gas-price') return { standard: '1000000000' }
        if (path === 'v1/convert/quotes') return { quotes: [quoteOf('2941987654')] }
        if (path === 'v1/convert/allowance') return { allowance: '0' }
        if (path === 'v1/convert/build-approve') return { tx }
        if (path.endsWith('/balance')) return { balances }
        throw new Error(`unexpected GET ${path}`)
      },
      async post(path: string) {
        if (path === 'v1/fungible/price')
          return {
            fungibles: [eth, usdc, dai].map((token) => ({
              ...token,
              name: token.symbol,
              iconUrl: '',
              price: 1,
            })),
          }
        if (path === 'v1/convert/build-transaction') return { tx }
        throw new Error(`unexpected POST ${path}`)
      },
    } as unknown as Client
    const frame = { core, api, balanceRetry: m.retryBlock(), host: () => ({ projectId: 'p1' }) }
    const queryClient = new QueryClient()
    const flow = m.SwapWiring.create(frame as unknown as Frame, queryClient)
    vi.spyOn(m.SwapWiring, 'flow').mockReturnValue(flow)
    const from = m.Swap.source(core)
    if (!from) throw new Error('not connected')
    await show(<m.SwapForm flow={flow} from={from} />, core, frame as Partial<Frame>)
    await waitFor(() => expect(screen.getByTestId('wf-swap-source-token')).toBeTruthy())
    act(() => {
      m.Swap.setToToken(flow.deps, usdc)
      m.Swap.setAmount(flow.deps, '1')
    })
    await waitFor(() => expect(screen.getByTestId('wf-swap-details')).toBeTruthy(), { timeout: 3_000 })
    expect(unworded(document.body, evmData)).toEqual([])
    cleanup()
    await show(<m.SwapPreview />, core, frame as Partial<Frame>)
    await waitFor(() => expect(screen.getByTestId('wf-swap-preview')).toBeTruthy())
    expect(unworded(document.body, evmData)).toEqual([])
  })

  it('the Tokens tab', async () => {
    const core = m.coreWith([ethereum])
    const api = {
      async get() {
        return { balances: [usdcBalance, ethBalance] satisfies TokenBalance[] }
      },
    } as unknown as Client
    await show(<m.TokensTab network={ethereum} address={address} />, core, {
      api,
      balanceRetry: m.retryBlock(),
    })
    await waitFor(() => expect(screen.getByTestId('wf-tokens')).toBeTruthy())
    // A token without an icon shows its symbol's first letter.
    expect(unworded(document.body, [...evmData, 'E', 'U'])).toEqual([])
  })

  it('the Activity tab: this month, an earlier month, a failed entry, more to show', async () => {
    const core = m.coreWith([ethereum])
    const entry = (id: string, minedAt: string, status: 'confirmed' | 'failed'): HistoryEntry => ({
      id,
      metadata: {
        minedAt,
        chain: ethereum.caipNetworkId,
        operationType: 'trade',
        hash: `0x${id.padStart(64, '0')}`,
        blockNumber: 1,
        sentFrom: address,
        sentTo: otherAddress,
        status,
        nonce: 0,
      },
      transfers: [
        {
          fungible_info: { name: 'Ether', symbol: 'ETH', icon: null },
          direction: 'out',
          quantity: { numeric: '0.5' },
          value: 1000,
          price: 2000,
        },
      ],
    })
    const api = {
      async get() {
        return {
          data: [
            entry('1', new Date().toISOString(), 'failed'),
            entry('2', '2024-03-02T00:00:00Z', 'confirmed'),
          ],
          next: 'more',
        }
      },
    } as unknown as Client
    await show(<m.ActivityTab network={ethereum} address={address} />, core, { api })
    await waitFor(() => expect(screen.getAllByTestId('wf-activity-month')).toHaveLength(2))
    expect(screen.getByTestId('wf-activity-more')).toBeTruthy()
    // The earlier month's heading and the times are Intl's, in the locale's words and digits.
    const intl = [
      new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
        Date.UTC(2024, 2),
      ),
      ...screen.getAllByRole('time').map((time) => time.textContent ?? ''),
      ...screen.getAllByRole('time').map((time) => time.getAttribute('title') ?? ''),
    ]
    expect(unworded(document.body, [...evmData, ...intl])).toEqual([])
  })
})
