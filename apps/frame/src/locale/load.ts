// What the frame loads to speak a locale. English's first-paint messages are in the boot chunk, and
// so is this module; the catalog loader (one import() per locale) loads on the first other locale,
// so English pays for none of it.
import type { BootMessages } from './en/boot.js'
import { boot } from './en/boot.js'
import type { Locale } from './locales.js'

/** The messages that paint before Connect: English's at once, another locale's from its chunk. */
export function firstPaintMessages(locale: Locale): Promise<BootMessages> {
  return locale === 'en'
    ? Promise.resolve(boot)
    : import('./catalogs.js').then((catalogs) => catalogs.loadBoot(locale))
}

/** All of a locale's messages, the later views' too: for a switch while any view may show. */
export function allMessages(locale: Locale): Promise<BootMessages> {
  return import('./catalogs.js').then((catalogs) => catalogs.loadAll(locale))
}
