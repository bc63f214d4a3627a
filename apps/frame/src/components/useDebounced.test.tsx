// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useDebounced } from './useDebounced.js'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('useDebounced', () => {
  it('follows the value 500 ms after its last change, skipping the ones in between', () => {
    vi.useFakeTimers()
    const seen: string[] = []
    const { result, rerender } = renderHook(
      ({ value }) => {
        const settled = useDebounced(value, 500)
        if (seen.at(-1) !== settled) seen.push(settled)
        return settled
      },
      { initialProps: { value: '' } },
    )
    rerender({ value: '0.' })
    act(() => vi.advanceTimersByTime(300))
    rerender({ value: '0.5' })
    act(() => vi.advanceTimersByTime(499))
    expect(result.current).toBe('')
    act(() => vi.advanceTimersByTime(1))
    expect(result.current).toBe('0.5')
    expect(seen).toEqual(['', '0.5'])
  })
})
