import { describe, expect, it, vi } from 'vitest'
import { lazy } from './lazy.js'

describe('lazy', () => {
  it('loads once and gives every caller the same value', async () => {
    const load = vi.fn(async () => ({ loaded: true }))
    const value = lazy(load)
    const [first, second] = await Promise.all([value(), value()])
    expect(first).toBe(second)
    expect(await value()).toBe(first)
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('starts nothing until first needed', () => {
    const load = vi.fn(async () => 1)
    const value = lazy(load)
    expect(value.current()).toBeUndefined()
    expect(load).not.toHaveBeenCalled()
  })

  it('tells the loaded value without loading', async () => {
    const value = lazy(async () => 'client')
    const pending = value()
    expect(value.current()).toBeUndefined()
    await pending
    expect(value.current()).toBe('client')
  })

  it('tries again on the next need after a failed load', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('chunk failed')).mockResolvedValueOnce('loaded')
    const value = lazy<string>(load)
    await expect(value()).rejects.toThrow('chunk failed')
    expect(value.current()).toBeUndefined()
    expect(await value()).toBe('loaded')
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('fails a load that throws at once like one that rejects', async () => {
    let calls = 0
    const value = lazy(() => {
      calls += 1
      if (calls === 1) throw new Error('no loader')
      return Promise.resolve(calls)
    })
    await expect(value()).rejects.toThrow('no loader')
    expect(await value()).toBe(2)
  })

  it('loads again after a reset', async () => {
    let next = 0
    const value = lazy(async () => ++next)
    expect(await value()).toBe(1)
    value.reset()
    expect(value.current()).toBeUndefined()
    expect(await value()).toBe(2)
  })

  it('keeps the load started after a reset when the one before it fails', async () => {
    let fail: (error: Error) => void = () => {}
    const load = vi
      .fn<() => Promise<string>>()
      .mockImplementationOnce(() => new Promise((_, reject) => (fail = reject)))
      .mockResolvedValueOnce('second project')
    const value = lazy(load)
    const first = value()
    value.reset()
    const second = value()
    fail(new Error('first project failed'))
    await expect(first).rejects.toThrow('first project failed')
    expect(await second).toBe('second project')
    expect(value()).toBe(second)
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('keeps a value loaded before a reset out of the next load', async () => {
    let finish: (value: string) => void = () => {}
    const load = vi
      .fn<() => Promise<string>>()
      .mockImplementationOnce(() => new Promise((resolve) => (finish = resolve)))
      .mockResolvedValueOnce('second project')
    const value = lazy(load)
    const first = value()
    value.reset()
    finish('first project')
    expect(await first).toBe('first project')
    expect(value.current()).toBeUndefined()
    expect(await value()).toBe('second project')
  })
})
