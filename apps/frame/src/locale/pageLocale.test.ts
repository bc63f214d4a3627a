import { describe, expect, it } from 'vitest'
import * as Popup from '../lib/popup.js'
import { pageLocale } from './pageLocale.js'

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
