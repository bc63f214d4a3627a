// The one wait of the embedded login, on fake timers: a look now, then the next at most a second after
// the last one started; the wait ends with an answer, a failure, or the signal (a cancel between looks or during
// one), and a pending login is let go of however it ends.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as Poll from './poll.js'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

/** A check answering `answers` in turn (undefined: not yet), recording when it was asked. */
function checks<T>(...answers: (T | undefined | Error)[]) {
  const asked: number[] = []
  const check = vi.fn(async () => {
    asked.push(Date.now())
    const answer = answers.shift()
    if (answer instanceof Error) throw answer
    return answer
  })
  return { check, asked }
}

describe('until', () => {
  it('looks now, then once a second, and answers the first value', async () => {
    const start = Date.now()
    const { check, asked } = checks<string>(undefined, undefined, 'approved')
    const waiting = Poll.until(check, new AbortController().signal)
    await vi.advanceTimersByTimeAsync(0)
    expect(asked).toEqual([start])
    await vi.advanceTimersByTimeAsync(999)
    expect(check).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(check).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(await waiting).toBe('approved')
    expect(asked).toEqual([start, start + 1_000, start + 2_000])
  })

  it('starts a look at most once a second: a quick one waits the rest, a held one is followed at once', async () => {
    const start = Date.now()
    const asked: number[] = []
    // The first look answers in 300 ms (an API that holds nothing), the second is held 5 s.
    const takes = [300, 5_000, 0]
    const check = vi.fn(async (signal: AbortSignal) => {
      expect(signal.aborted).toBe(false)
      asked.push(Date.now())
      await new Promise((resolve) => setTimeout(resolve, takes[asked.length - 1]))
      return asked.length === 3 ? 'ready' : undefined
    })
    const waiting = Poll.until(check, new AbortController().signal)
    await vi.advanceTimersByTimeAsync(7_000)
    expect(await waiting).toBe('ready')
    expect(asked).toEqual([start, start + 1_000, start + 6_000])
  })

  it("ends with the look's failure", async () => {
    const { check } = checks(undefined, new Error('This login took longer than 10 minutes; start again'))
    const waiting = Poll.until(check, new AbortController().signal)
    const failed = expect(waiting).rejects.toThrow('This login took longer than 10 minutes; start again')
    await vi.advanceTimersByTimeAsync(1_000)
    await failed
    await vi.advanceTimersByTimeAsync(5_000)
    expect(check).toHaveBeenCalledTimes(2)
  })

  it("ends between looks with the signal's reason, and looks no more", async () => {
    const controller = new AbortController()
    const { check } = checks<string>()
    const waiting = Poll.until(check, controller.signal)
    const cancelled = expect(waiting).rejects.toBe('cancelled')
    await vi.advanceTimersByTimeAsync(1_500)
    expect(check).toHaveBeenCalledTimes(2)
    controller.abort('cancelled')
    await cancelled
    await vi.advanceTimersByTimeAsync(5_000)
    expect(check).toHaveBeenCalledTimes(2)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('drops an answer, or a failure, that arrives after the signal aborted', async () => {
    for (const late of ['ready', new Error('The x login did not complete')]) {
      const controller = new AbortController()
      const look: { resolve(value: string | undefined): void; reject(error: Error): void } = {
        resolve() {},
        reject() {},
      }
      const waiting = Poll.until(
        () =>
          new Promise<string | undefined>((resolve, reject) => {
            look.resolve = resolve
            look.reject = reject
          }),
        controller.signal,
      )
      controller.abort('cancelled')
      if (late instanceof Error) look.reject(late)
      else look.resolve(late)
      await expect(waiting).rejects.toBe('cancelled')
    }
  })

  it('looks not at all when the signal has aborted already', async () => {
    const { check } = checks('ready')
    await expect(Poll.until(check, AbortSignal.abort('gone'))).rejects.toBe('gone')
    expect(check).not.toHaveBeenCalled()
  })
})

describe('ready', () => {
  /** A pending login whose looks answer `answers` in turn (false: still pending). */
  const login = (...answers: (boolean | Error)[]) => ({
    ready: vi.fn(async () => {
      const answer = answers.shift() ?? false
      if (answer instanceof Error) throw answer
      return answer
    }),
    end: vi.fn(),
  })

  it('waits until the attempt is ready, then lets go of it', async () => {
    const pending = login(false, false, true)
    const waiting = Poll.ready(pending, new AbortController().signal)
    await vi.advanceTimersByTimeAsync(2_000)
    await waiting
    expect(pending.ready).toHaveBeenCalledTimes(3)
    expect(pending.end).toHaveBeenCalledTimes(1)
  })

  it('lets go of it when the attempt fails, or the wait is cancelled', async () => {
    const failing = login(false, new Error('The google login did not complete'))
    const failed = expect(Poll.ready(failing, new AbortController().signal)).rejects.toThrow(
      'The google login did not complete',
    )
    await vi.advanceTimersByTimeAsync(1_000)
    await failed
    expect(failing.end).toHaveBeenCalledTimes(1)

    const controller = new AbortController()
    const abandoned = login()
    const cancelled = expect(Poll.ready(abandoned, controller.signal)).rejects.toBe('cancelled')
    await vi.advanceTimersByTimeAsync(3_500)
    controller.abort('cancelled')
    await cancelled
    expect(abandoned.ready).toHaveBeenCalledTimes(4)
    expect(abandoned.end).toHaveBeenCalledTimes(1)
  })
})
