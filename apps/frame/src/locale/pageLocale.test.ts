import { describe, expect, it } from 'vitest'
import * as Popup from '../lib/popup.js'
import { pageLocale, rememberedKey } from './pageLocale.js'

describe('Popup.localized', () => {
  it('adds the locale to a path, and to an address that has a query already', () => {
    expect(Popup.localized('/export', 'ja')).toBe('/export?locale=ja')
    expect(Popup.localized('https://frame.example/approve?x=1', 'pt-BR')).toBe(
      'https://frame.example/approve?x=1&locale=pt-BR',
    )
  })
})

describe('pageLocale', () => {
  it('speaks the locale the opener put in the address, over the browser’s languages', () => {
    expect(pageLocale(Popup.localized('', 'ar'), ['de-DE', 'en'])).toBe('ar')
  })

  it('follows the browser’s languages without one, else English', () => {
    expect(pageLocale('', ['fr-CA', 'en'])).toBe('fr')
    expect(pageLocale('', [])).toBe('en')
  })

  it('reads a locale it does not serve as a request among others, not as an error', () => {
    expect(pageLocale('?locale=xx', ['ko'])).toBe('ko')
    expect(pageLocale('?locale=<script>', [])).toBe('en')
  })
})

describe('pageLocale in a tab that leaves and comes back', () => {
  const tab = () => {
    const items = new Map<string, string>()
    return {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
    }
  }

  it('keeps the language it was opened in for a later page without one (the provider sends it back)', () => {
    const storage = tab()
    expect(pageLocale(Popup.localized('', 'uk'), ['en'], storage)).toBe('uk')
    expect(storage.getItem(rememberedKey)).toBe('uk')
    expect(pageLocale('?status=returned', ['de', 'en'], storage)).toBe('uk')
    // A later address that asks again wins, and is what the tab remembers.
    expect(pageLocale(Popup.localized('', 'ko'), ['en'], storage)).toBe('ko')
    expect(pageLocale('', ['en'], storage)).toBe('ko')
  })

  it('follows the browser where the tab remembers nothing, or keeps no data at all', () => {
    expect(pageLocale('', ['fr'], tab())).toBe('fr')
    const blocked = {
      getItem: (): string | null => {
        throw new DOMException('The operation is insecure.', 'SecurityError')
      },
      setItem: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError')
      },
    }
    expect(pageLocale(Popup.localized('', 'ja'), ['fr'], blocked)).toBe('ja')
    expect(pageLocale('', ['fr'], blocked)).toBe('fr')
  })
})
