// Where each locale's messages come from. English's first-paint messages are in the boot chunk;
// the rest of English, and every other locale whole, load on demand as their own chunks. Each load
// is made once per locale: a view suspends on the same promise until it settles.
import type { Catalog } from './Catalog.js'
import { type BootMessages, boot } from './en/boot.js'
import type { ViewMessages } from './en/views.js'
import type { Locale } from './locales.js'

/** Each other locale's catalog, one chunk each. */
const others: Record<Exclude<Locale, 'en'>, () => Promise<{ catalog: Catalog }>> = {
  es: () => import('./es.js'),
  'pt-BR': () => import('./pt-BR.js'),
  fr: () => import('./fr.js'),
  de: () => import('./de.js'),
  tr: () => import('./tr.js'),
  ru: () => import('./ru.js'),
  uk: () => import('./uk.js'),
  ja: () => import('./ja.js'),
  ko: () => import('./ko.js'),
  'zh-CN': () => import('./zh-CN.js'),
  ar: () => import('./ar.js'),
}

const bootLoads = new Map<Locale, Promise<BootMessages>>([['en', Promise.resolve(boot)]])
const viewLoads = new Map<Locale, Promise<ViewMessages>>()

function once<T>(cache: Map<Locale, Promise<T>>, locale: Locale, load: () => Promise<T>): Promise<T> {
  let promise = cache.get(locale)
  if (!promise) {
    const loading = load()
    promise = loading
    // React's `use` reads a settled promise's `status` and `value` fields and then renders at once:
    // a catalog that has loaded shows without a suspended frame. A failed load (offline) is tried
    // again on the next use instead of staying failed.
    loading.then(
      (value) => Object.assign(loading, { status: 'fulfilled', value }),
      () => cache.delete(locale),
    )
    cache.set(locale, promise)
  }
  return promise
}

/** The messages that paint before Connect, in `locale`. */
export function loadBoot(locale: Locale): Promise<BootMessages> {
  return once(bootLoads, locale, () =>
    locale === 'en' ? Promise.resolve(boot) : others[locale]().then((module) => module.catalog.boot),
  )
}

/** The messages of the views that load after Connect, in `locale`. */
export function loadViews(locale: Locale): Promise<ViewMessages> {
  return once(viewLoads, locale, () =>
    locale === 'en'
      ? import('./en/views.js').then((module) => module.views)
      : others[locale]().then((module) => module.catalog.views),
  )
}

/** The first-paint messages once all of the locale is in: a switch while a later view shows. */
export function loadAll(locale: Locale): Promise<BootMessages> {
  return Promise.all([loadBoot(locale), loadViews(locale)]).then(([messages]) => messages)
}
