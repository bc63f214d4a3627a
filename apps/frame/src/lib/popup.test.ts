// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type Popup, watch } from './popup.js'

const origin = 'https://frame.test'
const type = 'walletframe:onramp-return'

function fakePopup(): Popup & { closed: boolean } {
  return { closed: false, close() {}, focus() {}, location: { replace() {} } }
}

/** A message as the browser dispatches it: from `source`, on `from`. */
function post(source: unknown, data: unknown, from = origin) {
  window.dispatchEvent(new MessageEvent('message', { data, origin: from, source: source as Window }))
}

describe('watch', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('takes the return page’s message even when the popup already reads closed', async () => {
    vi.useFakeTimers()
    const popup = fakePopup()
    const watched = watch(popup, { origin, type, pollMs: 500 })
    // The return page posts and closes itself; the close is seen by a poll before the message lands.
    popup.closed = true
    await vi.advanceTimersByTimeAsync(500)
    post(popup, { type, status: 'success' })
    await expect(watched).resolves.toEqual({ type, status: 'success' })
  })

  it('gives up one interval after the popup is seen closed with no message', async () => {
    vi.useFakeTimers()
    const popup = fakePopup()
    let settled: unknown = 'pending'
    void watch(popup, { origin, type, pollMs: 500 }).then((value) => {
      settled = value
    })
    popup.closed = true
    await vi.advanceTimersByTimeAsync(500)
    expect(settled).toBe('pending')
    await vi.advanceTimersByTimeAsync(500)
    expect(settled).toBeUndefined()
  })

  it('ignores messages from another window, another origin or of another type', async () => {
    vi.useFakeTimers()
    const popup = fakePopup()
    const watched = watch(popup, { origin, type, pollMs: 500 })
    post({}, { type, status: 'success' })
    post(popup, { type, status: 'success' }, 'https://evil.test')
    post(popup, { type: 'other', status: 'success' })
    post(popup, { type, status: 'failed' })
    await expect(watched).resolves.toEqual({ type, status: 'failed' })
  })
})
