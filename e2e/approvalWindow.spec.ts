// The embedded wallet in a browser without IntersectionObserver v2 (Firefox and Safari have none; here
// Chromium's is removed before any page runs): the frame cannot tell whether the host page covers it,
// so ApproveTransaction offers no Approve of its own but an approval window on the frame origin. The
// request shown there, approved, is signed for the host; a window closed unanswered loses nothing:
// the request still waits, the view says what happened, and Reject in the frame answers 4001.
import type { Hex } from 'viem'
import { expectAccessible } from './lib/a11y.js'
import { test as apiTest } from './lib/api.js'
import { closingClick } from './lib/closingClick.js'
import { loginByEmail } from './lib/emailLogin.js'
import { expect } from './lib/fixtures.js'
import { signAndVerify } from './lib/provider.js'

const test = apiTest

test('without IntersectionObserver v2, Approve happens in a window on the frame origin', async ({
  page,
  stack,
  chains,
}) => {
  test.setTimeout(90_000)
  await page.context().addInitScript(() => {
    if (typeof IntersectionObserverEntry !== 'undefined')
      delete (IntersectionObserverEntry.prototype as { isVisible?: boolean }).isVisible
  })
  const mailUrl = chains.services.mail as string
  const email = `window-${Date.now()}@example.test`
  const { modal } = await loginByEmail(page, { demoUrl: stack.demoUrl(), mailUrl }, email)
  const address = (await page.getByTestId('state-address').textContent()) as Hex

  // The frame shows the request, but approving it takes the window.
  const signed = signAndVerify(page, address, 'Approved in the window')
  await expect(modal.getByTestId('wf-approve-message')).toHaveText('Approved in the window')
  await expect(modal.getByTestId('wf-approve-confirm')).toHaveCount(0)
  const note = modal.getByTestId('wf-approve-window-note')
  await expect(note).toContainText('approve in a separate window the page cannot cover')
  await expectAccessible(page, 'ApproveTransaction without IntersectionObserver v2')
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    modal.getByTestId('wf-approve-window').click(),
  ])
  expect(new URL(popup.url()).origin).toBe(stack.frame.origin)
  await expect(popup.getByTestId('wf-approve-action')).toHaveText('Sign a message')
  await expect(popup.getByTestId('wf-approve-message')).toHaveText('Approved in the window')
  // The same review as the frame's: what the rules found, and the verdict.
  await expect(popup.getByTestId('wf-review')).toHaveAttribute('data-status', 'reviewed')
  await expect(popup.getByTestId('wf-review-verdict')).toHaveAttribute('data-level', 'none')
  await expectAccessible(popup, 'the approval window')
  await expect(note).toHaveText('Waiting for your answer in the approval window…')
  // Approve answers and closes the window in the click's own task.
  const closed = popup.waitForEvent('close')
  await closingClick(popup, popup.getByTestId('wf-approve-confirm'))
  expect(await signed).toEqual({ verified: true })
  await closed

  // Closed unanswered: the request still waits, and says so; Reject in the frame is a 4001.
  const rejected = signAndVerify(page, address, 'Window closed')
  await expect(modal.getByTestId('wf-approve-message')).toHaveText('Window closed')
  const [second] = await Promise.all([
    page.waitForEvent('popup'),
    modal.getByTestId('wf-approve-window').click(),
  ])
  await expect(second.getByTestId('wf-approve-message')).toHaveText('Window closed')
  await second.close()
  await expect(note).toHaveText(
    'The approval window was closed before you answered. Open it again to approve.',
  )
  await modal.getByTestId('wf-approve-reject').click()
  expect(await rejected).toEqual({
    verified: false,
    error: { code: 4001, message: 'User rejected the request.' },
  })
})
