// The messages of a view that loads after Connect, in the frame's language, from its catalog chunk:
// the view suspends until the chunk has loaded (at once when it has).
import { use } from 'react'
import { loadViews } from '../locale/catalogs.js'
import type { ViewMessages } from '../locale/en/views.js'
import { useLocale } from './useMessages.js'

export function useViewMessages(): ViewMessages {
  return use(loadViews(useLocale()))
}
