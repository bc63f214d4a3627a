// @vitest-environment jsdom
// The approval window shows the request's review as the frame has it — the changes with their USD
// worth, the fee, the findings and the verdict — asks a warning's "I understand the risk" itself, and
// offers no Approve for a blocked request. It hears only its opener, at its own origin.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import type { ReviewResponse } from '@walletframe/protocol'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { ApprovalRequest, ShownReview } from '../core/approvalWindow.js'
import { ApprovalPage } from './ApprovalPage.js'
import { loadPageWords } from './pageWords.js'

const account = '0x1111111111111111111111111111111111111111'
const spender = '0x3333333333333333333333333333333333333333'
const native = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

const review = (verdict: ReviewResponse['verdict']): ShownReview => ({
  state: {
    status: 'reviewed',
    review: {
      verdict,
      simulation: {
        status: 'success',
        gasUsed: '21000',
        assetChanges: [
          {
            token: { address: native, symbol: 'ETH', decimals: 18 },
            pre: '1000000000000000000',
            post: '500000000000000000',
            diff: '-500000000000000000',
          },
        ],
        approvals: [],
        nftTransfers: [],
        blockNumber: '1',
      },
      fee: { amount: '21000000000000', symbol: 'ETH', decimals: 18 },
      prices: [{ asset: native, usd: 3000 }],
    },
  },
  from: account,
})

/** Opens the page as the frame's popup and has the frame send it `shown`; returns what it posted back. */
async function open(shown: ShownReview, from = location.origin) {
  const posted: unknown[] = []
  const opener = { postMessage: (message: unknown) => posted.push(message) }
  vi.stubGlobal('opener', opener)
  vi.spyOn(window, 'close').mockImplementation(() => {})
  await act(async () => render(<ApprovalPage />))
  const request: ApprovalRequest = {
    channel: 'walletframe:approval',
    type: 'request',
    appName: 'Dapp',
    summary: { action: 'Send a transaction', fields: [{ label: 'To', value: spender }] },
    review: shown,
  }
  await act(async () =>
    window.dispatchEvent(
      new MessageEvent('message', { data: request, origin: from, source: opener as unknown as Window }),
    ),
  )
  return posted
}

// The page's catalog (English here: the browser's language) in before the page renders, as it is once
// the page has loaded it.
beforeAll(() => loadPageWords())
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('ApprovalPage', () => {
  it('shows the review, and Approve waits for the tick a warning asks', async () => {
    const posted = await open(
      review({ level: 'warning', findings: [{ rule: 'unlimited-approval', reason: 'Unlimited approval' }] }),
    )
    expect(screen.getByTestId('wf-review-change').textContent).toBe('-0.5 ETH')
    expect(screen.getByTestId('wf-review-usd').textContent).toBe(' ($1,500.00)')
    expect(screen.getByTestId('wf-review-fee').textContent).toBe('0.000021 ETH')
    expect(screen.getByTestId('wf-review-finding').textContent).toBe('Unlimited approval')
    const approve = screen.getByTestId('wf-approve-confirm') as HTMLButtonElement
    expect(approve.disabled).toBe(true)
    fireEvent.click(screen.getByRole('checkbox'))
    expect(approve.disabled).toBe(false)
    fireEvent.click(approve)
    expect(posted.at(-1)).toEqual({ channel: 'walletframe:approval', type: 'answer', approve: true })
  })

  it('offers no Approve for a blocked request, only Reject', async () => {
    const posted = await open(
      review({ level: 'blocked', findings: [{ rule: 'deny-listed', reason: `${spender} is listed` }] }),
    )
    expect(screen.getByTestId('wf-review-verdict').getAttribute('data-level')).toBe('blocked')
    expect(screen.queryByTestId('wf-approve-confirm')).toBeNull()
    fireEvent.click(screen.getByTestId('wf-approve-reject'))
    expect(posted.at(-1)).toEqual({ channel: 'walletframe:approval', type: 'answer', approve: false })
  })

  it('keeps a request the frame blocked by its deny list blocked, the review being unavailable', async () => {
    await open({ state: { status: 'unavailable', reason: 'The review took too long.', denied: [spender] } })
    expect(screen.getByTestId('wf-review-verdict').getAttribute('data-level')).toBe('blocked')
    expect(screen.queryByTestId('wf-approve-confirm')).toBeNull()
  })

  it('shows nothing a window of another origin sends', async () => {
    await open(review({ level: 'none', findings: [] }), 'https://host.example')
    expect(screen.queryByTestId('wf-approval-window')).toBeNull()
  })
})
