// The social login popup's own steps: it takes the attempt only from the window that opened it, on
// its own origin; it keeps it in this tab's storage and goes to the provider; the return page finishes
// the attempt only with what that storage holds — a window that never got the hand-over (a provider
// link someone sent) posts nothing.
import { afterEach, describe, expect, it, vi } from 'vitest'
import * as SocialPopup from '../lib/socialPopup.js'
import { memory } from '../storage/Storage.js'
import * as SocialLogin from './socialLogin.js'

const origin = 'https://frame.example'
const attemptId = 'A'.repeat(22)
const binding = 'b'.repeat(43)
const completion = 'c'.repeat(43)
const begin: SocialPopup.Begin = {
  type: SocialPopup.beginType,
  attemptId,
  binding,
  projectId: 'project-1',
  authorizationUrl: 'https://provider.example/authorize?state=s',
  sdk: { type: 'walletframe', version: '1.0.0' },
}

/** A popup's window: its opener records what it is sent; messages reach the listeners by `deliver`. */
function popupWindow(opener: object | null = { postMessage: vi.fn() }) {
  const listeners = new Set<(event: MessageEvent) => void>()
  const replace = vi.fn()
  const win: SocialLogin.PopupWindow = {
    opener,
    location: { origin, replace },
    addEventListener: (_type, listener) => listeners.add(listener),
    removeEventListener: (_type, listener) => listeners.delete(listener),
  }
  const deliver = (event: { data: unknown; origin: string; source: unknown }) => {
    for (const listener of [...listeners]) listener(event as MessageEvent)
  }
  return { win, opener, replace, deliver, listeners }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('acceptBegin', () => {
  it('takes the begin message from the opener on its own origin', () => {
    const { win, opener } = popupWindow()
    expect(SocialLogin.acceptBegin(win, { data: begin, origin, source: opener } as MessageEvent)).toEqual(
      begin,
    )
  })

  it('rejects a message from another origin', () => {
    const { win, opener } = popupWindow()
    const event = { data: begin, origin: 'https://evil.example', source: opener } as MessageEvent
    expect(SocialLogin.acceptBegin(win, event)).toBeUndefined()
  })

  it('rejects a message from a window other than the opener, even on its origin', () => {
    const { win } = popupWindow()
    const event = { data: begin, origin, source: { postMessage() {} } } as unknown as MessageEvent
    expect(SocialLogin.acceptBegin(win, event)).toBeUndefined()
  })

  it('trusts nothing without an opener', () => {
    const { win } = popupWindow(null)
    expect(
      SocialLogin.acceptBegin(win, { data: begin, origin, source: null } as MessageEvent),
    ).toBeUndefined()
  })

  it('rejects a malformed message and a sign-in page that is not http(s)', () => {
    const { win, opener } = popupWindow()
    const at = (data: unknown) =>
      SocialLogin.acceptBegin(win, { data, origin, source: opener } as MessageEvent)
    expect(at({ ...begin, binding: 'short' })).toBeUndefined()
    expect(at({ ...begin, authorizationUrl: 'javascript:alert(1)' })).toBeUndefined()
    expect(at({ ...begin, type: SocialPopup.helloType })).toBeUndefined()
  })
})

describe('awaitBegin', () => {
  it('says hello to the opener on its own origin until it answers, and ignores anyone else', async () => {
    vi.useFakeTimers()
    const { win, opener, deliver, listeners } = popupWindow()
    const postMessage = (opener as { postMessage: ReturnType<typeof vi.fn> }).postMessage
    const answer = SocialLogin.awaitBegin({ win, intervalMs: 200 })
    expect(postMessage).toHaveBeenCalledWith({ type: SocialPopup.helloType }, origin)
    await vi.advanceTimersByTimeAsync(400)
    expect(postMessage).toHaveBeenCalledTimes(3)
    // Another window, another origin: not heard.
    deliver({ data: begin, origin, source: {} })
    deliver({ data: begin, origin: 'https://evil.example', source: opener })
    await vi.advanceTimersByTimeAsync(200)
    expect(postMessage).toHaveBeenCalledTimes(4)
    deliver({ data: begin, origin, source: opener })
    await expect(answer).resolves.toEqual(begin)
    // Done: no more hellos, no listener left.
    await vi.advanceTimersByTimeAsync(1_000)
    expect(postMessage).toHaveBeenCalledTimes(4)
    expect(listeners.size).toBe(0)
  })

  it('fails at once without an opener, and after the timeout without an answer', async () => {
    await expect(SocialLogin.awaitBegin({ win: popupWindow(null).win })).rejects.toBeInstanceOf(
      SocialLogin.NoOpenerError,
    )
    vi.useFakeTimers()
    const waiting = SocialLogin.awaitBegin({ win: popupWindow().win, timeoutMs: 5_000 })
    const failed = expect(waiting).rejects.toBeInstanceOf(SocialLogin.NoAnswerError)
    await vi.advanceTimersByTimeAsync(5_000)
    await failed
  })
})

describe('begin', () => {
  it('keeps the hand-over in tab storage and goes to the provider', () => {
    const { win, replace } = popupWindow()
    const storage = memory()
    SocialLogin.begin(win, storage, begin)
    expect(JSON.parse(storage.getItem(SocialPopup.storageKey) as string)).toEqual({
      attemptId,
      binding,
      projectId: 'project-1',
      sdk: { type: 'walletframe', version: '1.0.0' },
    })
    expect(replace).toHaveBeenCalledWith(begin.authorizationUrl)
  })
})

describe('finish', () => {
  const stored = () => {
    const storage = memory()
    SocialLogin.begin(popupWindow().win, storage, begin)
    return storage
  }

  it('posts the completion with the stored binding, once, then forgets it', async () => {
    const storage = stored()
    const complete = vi.fn(async () => ({ status: 'ready' }))
    const search = `?provider=google&status=returned&completion=${completion}`
    expect(await SocialLogin.finish({ search, storage, complete })).toEqual({ status: 'completed' })
    expect(complete).toHaveBeenCalledWith(
      { attemptId, binding, projectId: 'project-1', sdk: { type: 'walletframe', version: '1.0.0' } },
      completion,
    )
    expect(storage.getItem(SocialPopup.storageKey)).toBeNull()
    // A reload of the page finds nothing to present.
    expect(await SocialLogin.finish({ search, storage, complete })).toEqual({ status: 'unbound' })
    expect(complete).toHaveBeenCalledTimes(1)
  })

  it('posts nothing in a window that was not handed the login (a provider link someone sent)', async () => {
    const complete = vi.fn(async () => ({}))
    const search = `?provider=google&status=returned&completion=${completion}`
    expect(await SocialLogin.finish({ search, storage: memory(), complete })).toEqual({
      status: 'unbound',
    })
    expect(complete).not.toHaveBeenCalled()
  })

  it('posts nothing for a stored hand-over that does not hold', async () => {
    const storage = memory()
    storage.setItem(SocialPopup.storageKey, JSON.stringify({ attemptId, binding: 'short', projectId: 'p' }))
    const complete = vi.fn(async () => ({}))
    const search = `?status=returned&completion=${completion}`
    expect(await SocialLogin.finish({ search, storage: storage, complete })).toEqual({
      status: 'unbound',
    })
    expect(complete).not.toHaveBeenCalled()
  })

  it('a failed login forgets the hand-over and posts nothing', async () => {
    const storage = stored()
    const complete = vi.fn(async () => ({}))
    const search = '?provider=google&status=failed&error=SOCIAL_LOGIN_FAILED'
    expect(await SocialLogin.finish({ search, storage, complete })).toEqual({ status: 'failed' })
    expect(complete).not.toHaveBeenCalled()
    expect(storage.getItem(SocialPopup.storageKey)).toBeNull()
  })

  it("passes on the API's refusal", async () => {
    const storage = stored()
    const refusal = new Error(
      'This sign-in was not started in this window; go back to the app and start it there',
    )
    const complete = vi.fn(async () => {
      throw refusal
    })
    const search = `?status=returned&completion=${completion}`
    await expect(SocialLogin.finish({ search, storage, complete })).rejects.toBe(refusal)
  })

  it('is invalid without a provider return', async () => {
    const complete = vi.fn(async () => ({}))
    expect(await SocialLogin.finish({ search: '', storage: stored(), complete })).toEqual({
      status: 'invalid',
    })
    expect(complete).not.toHaveBeenCalled()
  })
})
