// The words of the frame origin's pages, in the page's language (locale/pageLocale.ts): each page
// suspends until that catalog has loaded, as the modal's later views do.
import { use } from 'react'
import { loadViews } from '../locale/catalogs.js'
import type { ViewMessages } from '../locale/en/views.js'
import type { Locale } from '../locale/locales.js'
import { pageLocale } from '../locale/pageLocale.js'

let chosen: Locale | undefined

/** This window's language, settled once: the page's address does not change it later. */
export function pageLanguage(): Locale {
  chosen ??= pageLocale(location.search, navigator.languages)
  return chosen
}

export function usePageMessages(): ViewMessages {
  return use(loadViews(pageLanguage()))
}
