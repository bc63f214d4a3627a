// The languages the frame speaks, and which of them serves a list of requested language tags
// (the host's `locale`, else the browser's `navigator.languages`).

export const locales = ['en', 'es', 'pt-BR', 'fr', 'de', 'tr', 'ru', 'uk', 'ja', 'ko', 'zh-CN', 'ar'] as const
export type Locale = (typeof locales)[number]

/** Languages written right to left among ours. */
const rightToLeft: ReadonlySet<Locale> = new Set(['ar'])

/**
 * The first requested tag we serve: an exact match (case-insensitive), else one of ours in the same
 * language (`pt-PT` reads pt-BR, `zh-Hans-CN` and `zh` read zh-CN, `es-MX` reads es), else English.
 * Traditional Chinese (zh-TW, zh-HK, zh-Hant) is not served by the Simplified catalog: it moves on.
 */
export function negotiate(requested: readonly string[]): Locale {
  for (const tag of requested) {
    const lower = tag.toLowerCase()
    const exact = locales.find((locale) => locale.toLowerCase() === lower)
    if (exact) return exact
    const [language] = lower.split('-')
    if (language === 'zh' && /-(tw|hk|mo|hant)(-|$)/.test(lower)) continue
    const same = locales.find((locale) => locale.split('-')[0] === language)
    if (same) return same
  }
  return 'en'
}

export function direction(locale: Locale): 'ltr' | 'rtl' {
  return rightToLeft.has(locale) ? 'rtl' : 'ltr'
}
