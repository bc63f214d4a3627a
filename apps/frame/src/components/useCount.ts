// Counting messages (locale/plural.ts) in the frame's language: `count(message, n)`.
import { useCallback } from 'react'
import { count, type Plural } from '../locale/plural.js'
import { useLocale } from './useMessages.js'

export function useCount(): (message: Plural, value: number) => string {
  const locale = useLocale()
  return useCallback((message: Plural, value: number) => count(locale, message, value), [locale])
}
