import { describe, expect, it, vi } from 'vitest'
import * as AuthReload from './authReload.js'

describe('schedule', () => {
  it('runs the reload registered for the same owner after the delay, and none for another owner', () => {
    vi.useFakeTimers()
    try {
      const owner = {}
      const other = {}
      const reload = vi.fn()
      AuthReload.register(owner, reload)
      AuthReload.schedule(owner, 100)
      AuthReload.schedule(other, 100)
      vi.advanceTimersByTime(99)
      expect(reload).not.toHaveBeenCalled()
      vi.advanceTimersByTime(1)
      expect(reload).toHaveBeenCalledTimes(1)
    } finally {
      vi.useRealTimers()
    }
  })
})
