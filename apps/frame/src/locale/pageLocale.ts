// The language of the frame origin's own pages (the social login popup, the passkey, recovery phrase
// and approval windows): the one the frame that opened the window speaks, carried in the page's
// address. Not in storage: the frame's storage may be blocked, or partitioned apart from this
// top-level window's. A page opened without it (a link from a mail) follows the browser's languages.
import { type Locale, negotiate } from './locales.js'

/** The page's language: its address's, else the first of `languages` we serve, else English. */
export function pageLocale(search: string, languages: readonly string[]): Locale {
  // The parameter the frame's `Popup.localized` adds.
  const asked = new URLSearchParams(search).get('locale')
  return negotiate(asked ? [asked, ...languages] : languages)
}
