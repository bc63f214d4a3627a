import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as Toast from './toast.js'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('show', () => {
  it('opens a toast at once when none is open', () => {
    const toasts = Toast.create()
    toasts.success('Transaction started')
    expect(toasts.get()).toEqual({
      message: 'Transaction started',
      variant: 'success',
      open: true,
      autoClose: true,
    })
  })

  it('closes an open toast and shows the new one after 150 ms', () => {
    const toasts = Toast.create()
    toasts.success('first')
    toasts.error('Signature declined')
    expect(toasts.get()).toMatchObject({ message: 'first', open: false })
    vi.advanceTimersByTime(Toast.swapDelayMs - 1)
    expect(toasts.get().open).toBe(false)
    vi.advanceTimersByTime(1)
    expect(toasts.get()).toMatchObject({ message: 'Signature declined', variant: 'error', open: true })
  })

  it('closes by itself when autoClose is set and stays for loading toasts', () => {
    const toasts = Toast.create()
    toasts.success('done')
    vi.advanceTimersByTime(Toast.autoCloseMs)
    expect(toasts.get().open).toBe(false)
    toasts.loading('waiting')
    vi.advanceTimersByTime(Toast.autoCloseMs * 4)
    expect(toasts.get()).toMatchObject({ message: 'waiting', open: true, autoClose: false })
  })

  it('does not let an earlier auto-close timer hide a newer toast', () => {
    const toasts = Toast.create()
    toasts.success('first')
    vi.advanceTimersByTime(Toast.autoCloseMs - 10)
    toasts.loading('second')
    vi.advanceTimersByTime(Toast.swapDelayMs + 20)
    expect(toasts.get()).toMatchObject({ message: 'second', open: true })
  })
})
