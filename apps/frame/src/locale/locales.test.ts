import { describe, expect, it } from 'vitest'
import { direction, locales, negotiate } from './locales.js'

describe('negotiate', () => {
  it.each([
    [['ja'], 'ja'],
    [['pt-br'], 'pt-BR'],
    [['pt-PT'], 'pt-BR'],
    [['pt'], 'pt-BR'],
    [['es-MX', 'en'], 'es'],
    [['zh-Hans-CN'], 'zh-CN'],
    [['zh'], 'zh-CN'],
    [['ar-EG'], 'ar'],
    [['de-CH', 'fr'], 'de'],
    [['UK'], 'uk'],
  ])('serves %j with %s', (requested, expected) => {
    expect(negotiate(requested)).toBe(expected)
  })

  it('takes the first requested language it serves', () => {
    expect(negotiate(['sv', 'nl', 'ko', 'ja'])).toBe('ko')
  })

  it('does not serve Traditional Chinese with the Simplified catalog', () => {
    expect(negotiate(['zh-TW', 'ja'])).toBe('ja')
    expect(negotiate(['zh-Hant'])).toBe('en')
    expect(negotiate(['zh-HK'])).toBe('en')
  })

  it('falls back to English for nothing or nothing it serves', () => {
    expect(negotiate([])).toBe('en')
    expect(negotiate(['sv-SE', 'x-klingon', ''])).toBe('en')
  })

  it('serves each of its own tags as is', () => {
    for (const locale of locales) expect(negotiate([locale])).toBe(locale)
  })
})

describe('direction', () => {
  it('is right to left for Arabic only', () => {
    expect(locales.filter((locale) => direction(locale) === 'rtl')).toEqual(['ar'])
  })
})
