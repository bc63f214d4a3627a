// @vitest-environment jsdom
// The frame's side of the approval window: it opens the popup at once, shows it the request when the
// popup says it is ready, takes the answer from that popup only, and reports a popup closed unanswered.
import { afterEach, describe, expect, it, vi } from 'vitest'
import * as ApprovalWindow from './approvalWindow.js'

const origin = 'https://frame.test'
const summary = { action: 'Sign a message', fields: [{ label: 'Message', value: 'gm' }] }

function fakePopup() {
  const received: unknown[] = []
  const popup = {
    closed: false,
    close: vi.fn(() => {
      popup.closed = true
    }),
    focus: vi.fn(),
    location: { replace: vi.fn() },
    postMessage: (message: unknown) => received.push(message),
  }
  return { popup, received }
}

function fromWindow(source: unknown, data: unknown, from = origin) {
  window.dispatchEvent(new MessageEvent('message', { data, origin: from, source: source as Window }))
}

afterEach(() => vi.useRealTimers())

describe('ask', () => {
  it('opens the approval page on the frame origin, in the frame’s language, and sends the request once the popup is ready', async () => {
    const { popup, received } = fakePopup()
    const open = vi.fn(() => popup)
    const opened = ApprovalWindow.ask({ appName: 'Demo', summary }, { origin, locale: 'ja', open })
    expect(open).toHaveBeenCalledWith('https://frame.test/approve?locale=ja', 'walletframe-approval')
    fromWindow(popup, ApprovalWindow.ready)
    expect(received).toEqual([{ channel: 'walletframe:approval', type: 'request', appName: 'Demo', summary }])
    fromWindow(popup, ApprovalWindow.answer(true))
    await expect(opened?.outcome).resolves.toBe('approved')
  })

  it('hears only its own popup at the frame origin', async () => {
    const { popup } = fakePopup()
    const opened = ApprovalWindow.ask(
      { appName: 'Demo', summary },
      { origin, locale: 'en', open: () => popup },
    )
    const settled = vi.fn()
    opened?.outcome.then(settled)
    // The host page, or any other window, cannot answer for the user.
    fromWindow(window.parent, ApprovalWindow.answer(true))
    fromWindow(popup, ApprovalWindow.answer(true), 'https://host.test')
    fromWindow(popup, { channel: 'walletframe:approval', type: 'answer', approve: 'yes' })
    await Promise.resolve()
    expect(settled).not.toHaveBeenCalled()
    fromWindow(popup, ApprovalWindow.answer(false))
    await expect(opened?.outcome).resolves.toBe('rejected')
  })

  it('reports a popup the user closed without answering', async () => {
    vi.useFakeTimers()
    const { popup } = fakePopup()
    const opened = ApprovalWindow.ask(
      { appName: 'Demo', summary },
      { origin, locale: 'en', open: () => popup, pollMs: 50 },
    )
    popup.closed = true
    vi.advanceTimersByTime(60)
    await expect(opened?.outcome).resolves.toBe('closed')
  })

  it('closes the popup when the request ends elsewhere', async () => {
    const { popup } = fakePopup()
    const opened = ApprovalWindow.ask(
      { appName: 'Demo', summary },
      { origin, locale: 'en', open: () => popup },
    )
    opened?.close()
    expect(popup.close).toHaveBeenCalled()
    await expect(opened?.outcome).resolves.toBe('closed')
  })

  it('is undefined when the browser blocked the popup', () => {
    expect(
      ApprovalWindow.ask({ appName: 'Demo', summary }, { origin, locale: 'en', open: () => null }),
    ).toBeUndefined()
  })
})
