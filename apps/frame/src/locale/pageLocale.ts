// The language of the frame origin's own pages (the social login popup, the passkey, recovery phrase
// and approval windows): the one the frame that opened the window speaks, carried in the page's
// address. Not in the frame's storage: it may be blocked, or partitioned apart from this top-level
// window's. A page opened without it (a link from a mail) follows the browser's languages.
import { type Locale, negotiate } from './locales.js'

/** Where a window keeps the language it was opened in, in its own tab's session storage. */
export const rememberedKey = 'walletframe.pageLocale'

/** A tab's session storage, or none where the browser keeps nothing for this window. */
export type TabStorage = Pick<Storage, 'getItem' | 'setItem'>

/**
 * The page's language: its address's, else the one this tab was opened in, else the first of
 * `languages` we serve, else English. A window that leaves for another site and comes back (the
 * social login popup, through its provider) returns without the address's parameter, so the tab
 * remembers what it was asked.
 */
export function pageLocale(search: string, languages: readonly string[], storage?: TabStorage): Locale {
  // The parameter the frame's `Popup.localized` adds.
  const asked = new URLSearchParams(search).get('locale')
  const remembered = asked ? undefined : read(storage)
  const locale = negotiate([...(asked ? [asked] : []), ...(remembered ? [remembered] : []), ...languages])
  if (asked) write(storage, locale)
  return locale
}

// A browser that keeps no data for this window throws on access: the page then goes without memory.
function read(storage: TabStorage | undefined): string | null {
  try {
    return storage?.getItem(rememberedKey) ?? null
  } catch {
    return null
  }
}

function write(storage: TabStorage | undefined, locale: Locale): void {
  try {
    storage?.setItem(rememberedKey, locale)
  } catch {}
}
