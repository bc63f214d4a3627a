// A value that follows `value` once it has stopped changing for `delayMs`: what a query keyed by
// typed text asks for, so that it asks once typing pauses rather than at each keystroke.
import { useEffect, useState } from 'react'

export function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs)
    return () => clearTimeout(timer)
  }, [value, delayMs])
  return settled
}
