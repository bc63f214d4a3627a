// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { isRfc3339, isUri } from './formats.js'

describe('isRfc3339', () => {
  it('accepts date-times with and without fractions, with Z or an offset', () => {
    for (const value of [
      '2021-09-30T16:25:24Z',
      '2021-09-30T16:25:24.000Z',
      '2022-03-10T18:09:21.481+03:00',
      '2020-02-29T00:00:00-05:30',
    ])
      expect(isRfc3339(value)).toBe(true)
  })

  it('refuses days a month does not have, which Date would roll over', () => {
    for (const value of ['2021-02-29T00:00:00Z', '2021-02-30T00:00:00Z', '2020-02-32T00:00:00.000Z'])
      expect(isRfc3339(value)).toBe(false)
  })

  it('refuses other forms Date would read', () => {
    for (const value of [
      'Wed Oct 05 2011 16:48:00 GMT+0200 (CEST)',
      '2021-09-30',
      '2021-09-30 16:25:24Z',
      '2021-13-01T00:00:00Z',
      '2021-01-01T24:00:00Z',
    ])
      expect(isRfc3339(value)).toBe(false)
  })
})

describe('isUri', () => {
  it('accepts URIs with a scheme', () => {
    for (const value of [
      'https://service.org/login',
      'ipfs://Qme7ss3ARVgxv6rXqVPiikMJ8u2NLgmgszg13pYrDKEoiu',
      'urn:x:1',
    ])
      expect(isUri(value)).toBe(true)
  })

  it('refuses text without a scheme, with spaces or with a broken escape', () => {
    for (const value of ['_not_a_rfc3986_valid_uri_', 'https://a.example/a b', 'https://a.example/%zz', ''])
      expect(isUri(value)).toBe(false)
  })
})
