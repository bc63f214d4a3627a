// The words of the frame origin's pages, in the page's language (locale/pageLocale.ts): each page
// suspends until they have loaded. The catalog and the table that words the errors load as chunks
// of their own, so the pages' own chunk (and the entry that imports it) carries none of them.
import { use } from 'react'
import type { ViewMessages } from '../locale/en/views.js'
import type { Locale } from '../locale/locales.js'
import { pageLocale } from '../locale/pageLocale.js'

let chosen: Locale | undefined

/** This window's language, settled once: the page's address does not change it later. */
export function pageLanguage(): Locale {
  chosen ??= pageLocale(location.search, navigator.languages)
  return chosen
}

/** A page's words: the catalog's messages, and a text the frame or a page raised in their words. */
export type PageWords = { readonly messages: ViewMessages; localize(text: string): string }

let loading: Promise<PageWords> | undefined

/** The page's words, loaded once (a failed load is tried again on the next use). */
export function loadPageWords(): Promise<PageWords> {
  if (loading) return loading
  const locale = pageLanguage()
  const load = Promise.all([
    import('../locale/catalogs.js').then((catalogs) => catalogs.loadViews(locale)),
    import('../locale/en/errors.js'),
  ]).then(([messages, english]) => ({
    messages,
    localize: (text: string) => english.localizeText(text, messages.errors),
  }))
  loading = load
  // React's `use` renders a settled promise's value at once when it carries `status` and `value`.
  load.then(
    (value) => Object.assign(load, { status: 'fulfilled', value }),
    () => {
      loading = undefined
    },
  )
  return load
}

export function usePageMessages(): PageWords {
  return use(loadPageWords())
}
