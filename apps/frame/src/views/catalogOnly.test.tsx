// @vitest-environment jsdom
// Every word the transaction, login and security views and the frame origin's pages show comes from
// the catalog: each view renders under a pseudo
// locale whose every message is marked (⟦…⟧), and what is left of the page once the marked messages
// and the data the test gave (addresses, amounts, symbols, names) are taken out holds no letter. A
// literal written into a view, or a text a flow reports that no catalog words, is found here.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
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
    LocaleState: await import('../core/locale.js'),
    Store: await import('../lib/store.js'),
    ...(await import('./embedded/ConnectingFarcaster.js')),
    ...(await import('./embedded/LoginMethods.js')),
    Prompt: await import('../core/prompt.js'),
    ...(await import('./embedded/EmailCode.js')),
    ...(await import('./embedded/RecoveryPassword.js')),
    ...(await import('./embedded/SecondFactorCode.js')),
    ...(await import('./embedded/UpdateEmailWallet.js')),
    ...(await import('./account/AddRecoveryPassword.js')),
    ...(await import('./account/Passkeys.js')),
    ...(await import('./account/RecoveryKit.js')),
    ...(await import('./account/RecoveryPhrase.js')),
    ...(await import('./account/SmartSessions.js')),
    ...(await import('./account/TwoFactor.js')),
    ...(await import('../pages/ApprovalPage.js')),
    ...(await import('../pages/ExportPage.js')),
    ...(await import('../pages/NotAvailablePage.js')),
    ...(await import('../pages/OnrampReturnPage.js')),
    ...(await import('../pages/PasskeyPage.js')),
    ...(await import('../pages/SocialLoginPage.js')),
    ...(await import('../pages/VerifyPage.js')),
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
  vi.unstubAllGlobals()
})

/** A core of a connected embedded wallet (`info` its login), speaking the pseudo locale. */
function embeddedCore(info: object) {
  return {
    connection: m.Store.create({ status: 'connected', connector: { embeddedWalletInfo: info } }),
    locale: m.LocaleState.create(),
  } as unknown as Core
}
const emailLogin = {
  authProvider: 'email',
  accountType: 'smartAccount',
  user: { email: 'holder@example.com' },
}

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

describe('the login and security views say only what the catalog says', () => {
  const core = () => embeddedCore(emailLogin)
  const email = ['holder@example.com']

  it('the email code, the recovery password for each reason, the second factor with and without a code', async () => {
    const prompt = { submit: () => {}, decline: () => {} }
    await show(
      <>
        <m.EmailCode
          step={{ email: email[0] as string, resendAt: Date.now() + 30_000 }}
          busy={false}
          onVerify={() => {}}
          onResend={() => {}}
        />
        <m.RecoveryPassword reason="create-without-prf" prompt={prompt} />
        <m.RecoveryPassword reason="recover-without-prf" prompt={prompt} />
        <m.SecondFactorCode question={{ action: 'export', passkey: true }} prompt={prompt} />
        <m.SecondFactorCode question={{ passkeyOnly: true, passkey: true }} prompt={prompt} />
      </>,
      core(),
    )
    expect(screen.getAllByTestId('wf-totp-prompt')).toHaveLength(2)
    expect(unworded(document.body, email)).toEqual([])
  })

  it('the login’s waits: a new device to approve, the passkey’s dialog, the social popup', async () => {
    const client = Promise.resolve(new QueryClient())
    const login = {
      passwordPrompt: m.Prompt.password(),
      codePrompt: m.Prompt.code(),
      sessionOnly: true,
      startEmail: async () => ({ attemptId: 'a1', action: 'VERIFY_DEVICE', email: email[0], resendAt: 0 }),
      waitForDevice: () => new Promise(() => {}),
      passkey: () => new Promise(() => {}),
      social: () => new Promise(() => {}),
    }
    const frame = {
      api: {},
      host: () => ({ features: { socials: ['google'] } }),
      queryClient: () => client,
      embedded: async () => login,
    } as never
    const start = async () => {
      await show(<m.LoginMethods />, core(), frame)
      await waitFor(() => expect(screen.getByTestId('wf-email-input')).toBeTruthy())
    }
    await start()
    await act(async () => {
      fireEvent.change(screen.getByTestId('wf-email-input'), { target: { value: email[0] } })
    })
    await act(async () => {
      fireEvent.click(screen.getByTestId('wf-email-submit'))
    })
    await waitFor(() => expect(screen.getByTestId('wf-email-device')).toBeTruthy())
    expect(unworded(document.body, email)).toEqual([])
    cleanup()
    await start()
    await act(async () => {
      fireEvent.click(screen.getByTestId('wf-passkey-login'))
    })
    await waitFor(() => expect(screen.getByTestId('wf-passkey-waiting')).toBeTruthy())
    expect(unworded(document.body, [])).toEqual([])
    cleanup()
    await start()
    vi.spyOn(window, 'open').mockReturnValue({
      closed: false,
      close() {},
      postMessage() {},
    } as unknown as Window)
    await act(async () => {
      fireEvent.click(screen.getByTestId('wf-social-google'))
    })
    await waitFor(() => expect(screen.getByTestId('wf-social-waiting')).toBeTruthy())
    // "Google" is the provider's name.
    expect(unworded(document.body, ['Google'])).toEqual([])
  })

  it('Farcaster: waiting with its QR code, and the login that did not load', async () => {
    const url = 'https://farcaster.xyz/~/siwf?channelToken=abc'
    const login = {
      farcasterUrl: m.Store.create<string | undefined>(url),
      passwordPrompt: { asked: m.Store.create(undefined) },
      codePrompt: { asked: m.Store.create(undefined) },
      farcaster: () => new Promise(() => {}),
      sessionOnly: true,
    }
    await show(<m.ConnectingFarcaster />, core(), { api: {} as Client, embedded: async () => login } as never)
    await waitFor(() => expect(screen.getByTestId('wf-farcaster-waiting')).toBeTruthy())
    expect(unworded(document.body, [url])).toEqual([])
    cleanup()
    vi.spyOn(console, 'error').mockImplementation(() => {})
    await show(<m.ConnectingFarcaster />, core(), {
      api: {} as Client,
      embedded: async () => {
        throw new Error('offline')
      },
    } as never)
    await waitFor(() => expect(screen.getByTestId('wf-farcaster-error')).toBeTruthy())
    expect(unworded(document.body, [])).toEqual([])
  })

  it('UpdateEmailWallet: the new address of an email login, and the confirmation of an X login', async () => {
    const frame = { embedded: async () => ({ codePrompt: { asked: m.Store.create(undefined) } }) } as never
    await show(<m.UpdateEmailWallet />, core(), frame)
    expect(screen.getByTestId('wf-update-email')).toBeTruthy()
    expect(unworded(document.body, email)).toEqual([])
    cleanup()
    await show(
      <m.UpdateEmailWallet />,
      embeddedCore({ authProvider: 'x', user: { username: 'holder' } }),
      frame,
    )
    expect(screen.getByTestId('wf-update-email-confirm')).toBeTruthy()
    // "X" is the provider's name.
    expect(unworded(document.body, ['X'])).toEqual([])
  })

  it('two-factor authentication on, with its send threshold', async () => {
    const secondFactor = {
      status: async () => ({ enabled: true, recoveryCodesLeft: 9, sendThreshold: '1000000000000000000' }),
    }
    await show(<m.TwoFactor />, core(), { embedded: async () => ({ secondFactor }) } as never)
    await waitFor(() => expect(screen.getByTestId('wf-totp-threshold')).toBeTruthy())
    expect(unworded(document.body, [])).toEqual([])
  })

  it('two-factor authentication off, and being set up', async () => {
    const secondFactor = {
      status: async () => ({ enabled: false, recoveryCodesLeft: 0, sendThreshold: null }),
      start: async () => ({ uri: 'otpauth://totp/Walletframe?secret=ABC', secret: 'JBSWY3DPEHPK3PXP' }),
    }
    await show(<m.TwoFactor />, core(), { embedded: async () => ({ secondFactor }) } as never)
    await waitFor(() => expect(screen.getByTestId('wf-totp-off')).toBeTruthy())
    expect(unworded(document.body, [])).toEqual([])
    fireEvent.click(screen.getByTestId('wf-totp-start'))
    await waitFor(() => expect(screen.getByTestId('wf-totp-enrol')).toBeTruthy())
    expect(unworded(document.body, ['JBSWY3DPEHPK3PXP'])).toEqual([])
  })

  it('Passkeys: one that opens the wallet, used as the second factor with a threshold', async () => {
    const passkeys = {
      list: async () => ({
        passkeys: [
          {
            credentialId: 'Y3JlZA',
            name: null,
            createdAt: '2026-11-01T10:00:00.000Z',
            lastUsedAt: null,
            backedUp: false,
            recovery: true,
          },
        ],
        otherLogin: false,
        secondFactor: true,
        sendThreshold: '500000000000000000',
      }),
    }
    await show(<m.Passkeys />, core(), { embedded: async () => ({ passkeys }) } as never)
    await waitFor(() => expect(screen.getByTestId('wf-passkeys-threshold')).toBeTruthy())
    const date = new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(
      new Date('2026-11-01T10:00:00.000Z'),
    )
    expect(unworded(document.body, [date])).toEqual([])
  })

  it('the recovery kit (password and passkey), the recovery phrase and adding a recovery password', async () => {
    const embedded = (passwordSet: boolean) =>
      ({ embedded: async () => ({ hasRecoveryPassword: () => passwordSet }) }) as never
    await show(
      <>
        <m.RecoveryKit />
        <m.RecoveryPhrase />
      </>,
      core(),
      embedded(true),
    )
    fireEvent.click(screen.getByTestId('wf-account-recovery-kit'))
    await waitFor(() => expect(screen.getByTestId('wf-recovery-kit-password')).toBeTruthy())
    // A blocked window reports the frame's own error, in the catalog's words.
    vi.spyOn(window, 'open').mockReturnValue(null)
    fireEvent.click(screen.getByTestId('wf-account-recovery-phrase'))
    await waitFor(() => expect(screen.getByTestId('wf-recovery-phrase-error')).toBeTruthy())
    expect(unworded(document.body, [])).toEqual([])
    cleanup()
    await show(
      <>
        <m.RecoveryKit />
        <m.AddRecoveryPassword />
      </>,
      core(),
      embedded(false),
    )
    fireEvent.click(screen.getByTestId('wf-account-recovery-kit'))
    await waitFor(() => expect(screen.getByTestId('wf-recovery-kit-passkey')).toBeTruthy())
    fireEvent.click(screen.getByTestId('wf-account-add-recovery-password'))
    expect(screen.getByTestId('wf-add-recovery-password')).toBeTruthy()
    expect(unworded(document.body, [])).toEqual([])
  })

  it('smart sessions: a grant with its use', async () => {
    const grant = {
      id: 'g1',
      origin: 'https://dapp.example',
      validUntil: Math.floor(Date.now() / 1000) + 3600,
      revoked: false,
      permissions: [{ type: 'native-token-transfer' }],
    }
    const smartSessions = {
      grants: m.Store.create([grant]),
      usage: async () => [{ token: `0x${'0'.repeat(40)}`, allowance: 3n * 10n ** 15n, spent: 10n ** 15n }],
      revoke: async () => {},
    }
    const frame = {
      host: () => ({ features: { smartSessions: true } }),
      embedded: async () => ({ smartSessions }),
    }
    await show(<m.SmartSessions />, core(), frame as never)
    await waitFor(() => expect(screen.getByTestId('wf-smart-session-usage').textContent).toContain('ETH'))
    const expires = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(
      grant.validUntil * 1000,
    )
    expect(unworded(document.body, [grant.origin, 'native-token-transfer', expires, 'ETH'])).toEqual([])
  })
})

describe('the frame origin’s pages say only what the catalog says', () => {
  /** Renders a page as the router would: on its own, suspending until its catalog has loaded. */
  async function page(view: ReactNode) {
    await act(async () => {
      render(<Suspense fallback={<p>suspended</p>}>{view}</Suspense>)
    })
    await waitFor(() => expect(screen.queryByText('suspended')).toBeNull())
  }

  it('opened without the wallet: the recovery phrase, passkey and approval windows, the landings', async () => {
    vi.stubGlobal('opener', null)
    await page(
      <>
        <m.ExportPage />
        <m.PasskeyPage />
        <m.ApprovalPage />
        <m.VerifyPage />
        <m.OnrampReturnPage />
        <m.SocialLoginPage />
        <m.NotAvailablePage />
      </>,
    )
    // "Walletframe" is the product's name.
    expect(unworded(document.body, ['Walletframe'])).toEqual([])
  })

  it('opened by the wallet: the recovery phrase’s form, the passkey’s wait, the device to approve', async () => {
    // The wallet's side of the phrase window: its line to the Worker, which offers the password and a
    // passkey's touch.
    const line = new MessageChannel()
    line.port2.postMessage({
      type: 'offer',
      password: true,
      passkey: { challenge: 'Y2hhbGxlbmdl', allowCredentials: [], userVerification: 'required' },
    })
    const opener = {
      postMessage: () =>
        window.dispatchEvent(
          new MessageEvent('message', {
            data: { type: 'walletframe:export-port' },
            origin: location.origin,
            source: opener as unknown as Window,
            ports: [line.port1 as unknown as MessagePort],
          }),
        ),
    }
    vi.stubGlobal('opener', opener)
    history.replaceState(null, '', '/verify?projectId=p1&token=t1')
    try {
      await page(
        <>
          <m.ExportPage />
          <m.PasskeyPage />
          <m.VerifyPage />
        </>,
      )
    } finally {
      history.replaceState(null, '', '/')
    }
    await waitFor(() => expect(screen.getByTestId('wf-export-passkey')).toBeTruthy())
    line.port1.close()
    expect(screen.getByTestId('wf-export-submit')).toBeTruthy()
    expect(screen.getByTestId('wf-verify-approve')).toBeTruthy()
    expect(unworded(document.body, [])).toEqual([])
  })

  it('the approval window: the request, its fields and its review', async () => {
    const opener = { postMessage: () => {} }
    vi.stubGlobal('opener', opener)
    vi.spyOn(window, 'close').mockImplementation(() => {})
    await page(<m.ApprovalPage />)
    const request = {
      channel: 'walletframe:approval',
      type: 'request',
      appName: 'Dapp',
      summary: {
        action: '⟦Send a transaction⟧',
        fields: [
          { label: 'To', value: spender, name: 'to' },
          { label: 'Value', value: 'None', name: 'value', word: 'none' },
        ],
      },
      review: { state: { status: 'unavailable', reason: 'timeout', denied: [] }, from: account },
    }
    await act(async () =>
      window.dispatchEvent(
        new MessageEvent('message', {
          data: request,
          origin: location.origin,
          source: opener as unknown as Window,
        }),
      ),
    )
    expect(screen.getByTestId('wf-approval-window')).toBeTruthy()
    // The heading comes as the frame worded it; "timeout" is the review's own reason.
    expect(unworded(document.body, [...evmData, 'Dapp', 'timeout'])).toEqual([])
  })
})
