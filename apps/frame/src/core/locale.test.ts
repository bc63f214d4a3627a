import { describe, expect, it } from 'vitest'
import { boot } from '../locale/en/boot.js'
import type { Locale } from '../locale/locales.js'
import * as LocaleState from './locale.js'

/** A catalog load the test settles by hand, per locale. */
function loads() {
  const pending = new Map<Locale, { resolve(value: typeof boot): void; reject(error: Error): void }>()
  const load = (locale: Locale) =>
    new Promise<typeof boot>((resolve, reject) => pending.set(locale, { resolve, reject }))
  const messagesOf = (locale: Locale) => ({ ...boot, close: `close:${locale}` })
  return {
    load,
    resolve: (locale: Locale) => pending.get(locale)?.resolve(messagesOf(locale)),
    reject: (locale: Locale) => pending.get(locale)?.reject(new Error('offline')),
  }
}

describe('apply', () => {
  it('starts in English', () => {
    expect(LocaleState.create().get()).toEqual({ locale: 'en', messages: boot })
  })

  it('switches once the catalog has loaded, never before', async () => {
    const store = LocaleState.create()
    const catalog = loads()
    const done = LocaleState.apply(store, ['ja-JP'], catalog.load)
    expect(store.get().locale).toBe('en')
    catalog.resolve('ja')
    await done
    expect(store.get()).toEqual({ locale: 'ja', messages: { ...boot, close: 'close:ja' } })
  })

  it('keeps the later request when an earlier catalog arrives after it', async () => {
    const store = LocaleState.create()
    const catalog = loads()
    const first = LocaleState.apply(store, ['ar'], catalog.load)
    const second = LocaleState.apply(store, ['ko'], catalog.load)
    catalog.resolve('ko')
    await second
    catalog.resolve('ar')
    await first
    expect(store.get().locale).toBe('ko')
  })

  it('stays in the current language when the catalog cannot load', async () => {
    const store = LocaleState.create()
    const catalog = loads()
    const done = LocaleState.apply(store, ['fr'], catalog.load)
    catalog.reject('fr')
    await expect(done).rejects.toThrow('offline')
    expect(store.get().locale).toBe('en')
  })
})
