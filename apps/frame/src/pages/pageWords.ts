// The words of the frame origin's pages, in the page's language (locale/pageLocale.ts), for the React
// pages (pageMessages.ts) and the social login's last page, which loads no React. The catalog and the
// table that words the errors load as chunks of their own, so a page's own chunk carries none of them.
import type { ViewMessages } from '../locale/en/views.js'
import { direction, type Locale } from '../locale/locales.js'
import { pageLocale } from '../locale/pageLocale.js'

let chosen: Locale | undefined

/** This tab's session storage, or none where the browser keeps nothing for this window (it throws). */
function tabStorage(): Storage | undefined {
  try {
    return sessionStorage
  } catch {
    return undefined
  }
}

/** This window's language, settled once: the page's address does not change it later. */
export function pageLanguage(): Locale {
  chosen ??= pageLocale(location.search, navigator.languages, tabStorage())
  return chosen
}

/** The document speaks `locale` (read aloud in it), right to left where it is written so. */
export function markDocument(locale: Locale): void {
  document.documentElement.lang = locale
  document.documentElement.dir = direction(locale)
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
