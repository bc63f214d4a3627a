// The Farcaster login the frame waits on, on fake timers: its channel's URL is offered while the
// Farcaster app signs, a look a second until the API has verified the message, and the URL goes when
// the wait ends, however it ends; a newer wait, or a drop (leaving ConnectingFarcaster), ends the one
// waiting.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { FarcasterLogin } from '../lib/embeddedLogin.js'
import * as FarcasterChannel from './farcasterChannel.js'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

/** The wallet's Farcaster start: attempt `n` on channel `n`, its looks answering `answers` in turn. */
function auth(...answers: (boolean | Error)[]) {
  const channel = FarcasterChannel.create()
  const seen: (string | undefined)[] = []
  let n = 0
  const startFarcaster = vi.fn(async (): Promise<FarcasterLogin> => {
    const id = ++n
    return {
      attemptId: `attempt-${id}`,
      channelUrl: `farcaster://connect?channelToken=${id}`,
      ready: async () => {
        seen.push(channel.url.get())
        const answer = answers.shift() ?? false
        if (answer instanceof Error) throw answer
        return answer
      },
      connect: async () => {},
      end() {},
    }
  })
  return { channel, auth: { startFarcaster }, seen }
}

describe('wait', () => {
  it('offers the channel while it looks once a second, and answers the verified login', async () => {
    const { channel, auth: wallet, seen } = auth(false, false, true)
    const waiting = channel.wait(wallet, new AbortController().signal)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(channel.url.get()).toBe('farcaster://connect?channelToken=1')
    await vi.advanceTimersByTimeAsync(1_000)
    expect(await waiting).toMatchObject({ attemptId: 'attempt-1' })
    expect(seen).toEqual(Array(3).fill('farcaster://connect?channelToken=1'))
    expect(channel.url.get()).toBeUndefined()
  })

  it("fails in the wallet's words, and the channel goes", async () => {
    const { channel, auth: wallet } = auth(new Error('The Farcaster sign-in does not check out'))
    await expect(channel.wait(wallet, new AbortController().signal)).rejects.toThrow(
      'The Farcaster sign-in does not check out',
    )
    expect(channel.url.get()).toBeUndefined()
  })

  it("ends with the caller's signal", async () => {
    const controller = new AbortController()
    const { channel, auth: wallet } = auth()
    const waiting = channel.wait(wallet, controller.signal)
    const cancelled = expect(waiting).rejects.toBe('left')
    await vi.advanceTimersByTimeAsync(500)
    controller.abort('left')
    await cancelled
    expect(channel.url.get()).toBeUndefined()
  })

  it('drops the older wait when a newer one starts, and offers the newer channel', async () => {
    const { channel, auth: wallet, seen } = auth()
    const older = channel.wait(wallet, new AbortController().signal)
    const dropped = expect(older).rejects.toBeDefined()
    await vi.advanceTimersByTimeAsync(500)
    const newer = channel.wait(wallet, new AbortController().signal)
    await dropped
    await vi.advanceTimersByTimeAsync(2_500)
    expect(channel.url.get()).toBe('farcaster://connect?channelToken=2')
    expect(seen.at(-1)).toBe('farcaster://connect?channelToken=2')
    channel.drop()
    await expect(newer).rejects.toBeDefined()
  })
})

describe('drop', () => {
  it('ends the waiting login: the channel goes and nothing more is asked', async () => {
    const { channel, auth: wallet, seen } = auth()
    const waiting = channel.wait(wallet, new AbortController().signal)
    await vi.advanceTimersByTimeAsync(1_500)
    expect(channel.url.get()).toBe('farcaster://connect?channelToken=1')
    channel.drop()
    await expect(waiting).rejects.toBeDefined()
    expect(channel.url.get()).toBeUndefined()
    await vi.advanceTimersByTimeAsync(5_000)
    expect(seen).toHaveLength(2)
  })
})
