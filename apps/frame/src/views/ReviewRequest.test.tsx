// @vitest-environment jsdom
// ReviewRequest, before a browser wallet or WalletConnect gets a request: the review (from the API,
// through the frame's client over a fetch stand-in) shows, Continue lets the request go to the wallet
// once the review is in, and a blocked request has only Dismiss — its caller gets 4001 "Action not
// allowed" and the wallet never sees it.
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import type { ReviewResponse } from '@walletframe/protocol'
import { describe, expect, it, vi } from 'vitest'
import * as ReviewFallback from '../core/reviewFallback.js'
import * as ReviewGate from '../core/reviewGate.js'
import { ReviewRequest } from './ReviewRequest.js'
import { type Answer, renderIn, reviewFrame, seeFrameDrawn } from './reviewTesting.js'

const account = '0x1111111111111111111111111111111111111111'
const to = '0x000000000000000000000000000000000000dEaD'
const drainer = '0x00000000000000000000000000000000000d7A1e'
const network = 'eip155:31337'

seeFrameDrawn()

/** ReviewRequest with a request to send to `receiver` waiting, the API answering `answer`. */
async function show(
  answer: Answer | Promise<Answer>,
  options: { receiver?: string; denyList?: string } = {},
) {
  const gate = ReviewGate.create()
  const { frame } = reviewFrame({
    answer,
    accounts: [`${network}:${account}`],
    connector: { name: 'Browser Wallet' },
    denyList: options.denyList,
    frame: { reviewGate: () => Promise.resolve(gate) },
  })
  const asked = gate
    .ask({
      method: 'eth_sendTransaction',
      params: [{ from: account, to: options.receiver ?? to, value: '0x1' }],
      network,
    })
    .then(
      () => 'to the wallet',
      (error: unknown) => error,
    )
  await renderIn(frame, <ReviewRequest />)
  return { asked }
}

const reviewed = (review: ReviewResponse): Answer => ({ status: 200, body: review })
/** An API that never answers: slowed by an attacker, or by a request built to simulate slowly. */
const hanging = new Promise<Answer>(() => {})

describe('ReviewRequest', () => {
  it('shows the review and lets the request go to the wallet on Continue', async () => {
    const { asked } = await show(reviewed({ verdict: { level: 'none', findings: [] } }))
    await waitFor(() => expect(screen.getByTestId('wf-review-verdict').textContent).toBe('No risks found.'))
    const proceed = screen.getByTestId('wf-review-continue') as HTMLButtonElement
    await waitFor(() => expect(proceed.disabled).toBe(false))
    await act(async () => fireEvent.click(proceed))
    expect(await asked).toBe('to the wallet')
  })

  it('offers only Dismiss for a blocked request, which answers 4001 "Action not allowed"', async () => {
    const reason = `${to} is on this app's list of addresses you must not send to or approve`
    const { asked } = await show(
      reviewed({ verdict: { level: 'blocked', findings: [{ rule: 'deny-listed', reason }] } }),
    )
    await waitFor(() => expect(screen.getByTestId('wf-review-finding').textContent).toBe(reason))
    expect(screen.queryByTestId('wf-review-continue')).toBeNull()
    await act(async () => fireEvent.click(screen.getByTestId('wf-review-dismiss')))
    expect(await asked).toMatchObject({ code: 4001, message: 'Action not allowed' })
  })

  it('a review that hangs past its deadline is said to be unavailable, and the request may go on', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    try {
      const { asked } = await show(hanging, { denyList: `${drainer}\n` })
      const proceed = screen.getByTestId('wf-review-continue') as HTMLButtonElement
      expect(proceed.disabled).toBe(true)
      await act(async () => vi.advanceTimersByTime(ReviewFallback.reviewDeadlineMs))
      await waitFor(() => expect(screen.getByTestId('wf-review-unavailable')).toBeTruthy())
      await waitFor(() => expect(proceed.disabled).toBe(false))
      await act(async () => fireEvent.click(proceed))
      expect(await asked).toBe('to the wallet')
    } finally {
      vi.useRealTimers()
    }
  })

  it("an API slowed past the deadline never lets through a request the project's deny list blocks", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    try {
      const { asked } = await show(hanging, {
        receiver: drainer.toLowerCase(),
        denyList: `# drainers\n${drainer}\n`,
      })
      await act(async () => vi.advanceTimersByTime(ReviewFallback.reviewDeadlineMs))
      await waitFor(() =>
        expect(screen.getByTestId('wf-review-verdict').getAttribute('data-level')).toBe('blocked'),
      )
      expect(screen.getByTestId('wf-review-finding').getAttribute('data-rule')).toBe('deny-listed')
      expect(screen.queryByTestId('wf-review-continue')).toBeNull()
      await act(async () => fireEvent.click(screen.getByTestId('wf-review-dismiss')))
      expect(await asked).toMatchObject({ code: 4001, message: 'Action not allowed' })
    } finally {
      vi.useRealTimers()
    }
  })

  it('an API that is down does not let a listed request through either', async () => {
    const { asked } = await show(new TypeError('Failed to fetch'), { receiver: drainer, denyList: drainer })
    await waitFor(() =>
      expect(screen.getByTestId('wf-review-verdict').getAttribute('data-level')).toBe('blocked'),
    )
    await act(async () => fireEvent.click(screen.getByTestId('wf-review-dismiss')))
    expect(await asked).toMatchObject({ code: 4001, message: 'Action not allowed' })
  })
})
