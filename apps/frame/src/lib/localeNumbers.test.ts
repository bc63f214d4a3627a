import { describe, expect, it } from 'vitest'
import { truncateUnits } from './format.js'
import { formatCount, localizeDecimal } from './localeNumbers.js'

describe('localizeDecimal', () => {
  it.each([
    ['1234.567', 'en', '1,234.567'],
    ['1234.567', 'de', '1.234,567'],
    ['1234.5', 'pt-BR', '1.234,5'],
    ['0.001', 'ja', '0.001'],
    ['-2.5', 'en', '-2.5'],
  ])('writes %s in %s as %s', (text, locale, expected) => {
    expect(localizeDecimal(text, locale)).toBe(expected)
  })

  it('keeps every digit of a truncated balance beyond 2^53, adding none', () => {
    const text = truncateUnits(123_456_789_012_345_678_999_999_999n, 9)
    expect(text).toBe('123456789012345678.999')
    expect(localizeDecimal(text, 'en')).toBe('123,456,789,012,345,678.999')
  })

  it('uses the digits and separators of the locale (French groups with a narrow space)', () => {
    expect(localizeDecimal('1234.5', 'fr')).toBe('1\u202f234,5')
    expect(localizeDecimal('1234.5', 'ar-EG')).toMatch(/^[٠-٩]/)
  })

  it('leaves a text that is not a decimal as it is', () => {
    expect(localizeDecimal('…', 'en')).toBe('…')
    expect(localizeDecimal('1e21', 'en')).toBe('1e21')
  })
})

describe('formatCount', () => {
  it('writes a count in the locale', () => {
    expect(formatCount(1200, 'en')).toBe('1,200')
    expect(formatCount(1200, 'de')).toBe('1.200')
  })
})
