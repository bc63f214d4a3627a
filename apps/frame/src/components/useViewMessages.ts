// The messages of a view that loads after Connect, in the frame's language, from its catalog chunk:
// the view suspends until the chunk has loaded (at once when it has). Its counting messages
// (locale/plural.ts) through `useCount`, in the same module so that the views load one chunk for both.
import { use, useCallback } from 'react'
import { loadViews } from '../locale/catalogs.js'
import type { ViewMessages } from '../locale/en/views.js'
import { count, type Plural } from '../locale/plural.js'
import { useLocale } from './useMessages.js'

export function useViewMessages(): ViewMessages {
  return use(loadViews(useLocale()))
}

/** `count(message, n)`: a counting message for `n`, in the frame's language. */
export function useCount(): (message: Plural, value: number) => string {
  const locale = useLocale()
  return useCallback((message: Plural, value: number) => count(locale, message, value), [locale])
}
