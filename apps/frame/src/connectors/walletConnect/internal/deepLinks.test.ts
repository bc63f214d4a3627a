import { describe, expect, it } from 'vitest'
import * as DeepLinks from './deepLinks.js'

const uri = 'wc:7f6e@2?relay-protocol=irn&symKey=587d&expiryTimestamp=1700000240'
const encoded = encodeURIComponent(uri)

describe('universalLink', () => {
  it('appends wc?uri= with the URI encoded', () => {
    expect(DeepLinks.universalLink('https://metamask.app.link', uri)).toBe(
      `https://metamask.app.link/wc?uri=${encoded}`,
    )
    expect(DeepLinks.universalLink('https://phantom.app/ul/', uri)).toBe(
      `https://phantom.app/ul/wc?uri=${encoded}`,
    )
  })
})

describe('nativeLink', () => {
  it('normalises the scheme forms registries use', () => {
    expect(DeepLinks.nativeLink('metamask://', uri)).toBe(`metamask://wc?uri=${encoded}`)
    expect(DeepLinks.nativeLink('trust:', uri)).toBe(`trust://wc?uri=${encoded}`)
    expect(DeepLinks.nativeLink('okex://main', uri)).toBe(`okex://main/wc?uri=${encoded}`)
  })
})

describe('forWallet', () => {
  it('prefers the universal link, falls back to the scheme, else has none', () => {
    expect(
      DeepLinks.forWallet({ universalLink: 'https://rnbwapp.com', mobileLink: 'rainbow://' }, uri),
    ).toMatch(/^https:\/\/rnbwapp\.com\/wc\?uri=/)
    expect(DeepLinks.forWallet({ mobileLink: 'ledgerlive://' }, uri)).toMatch(/^ledgerlive:\/\/wc\?uri=/)
    expect(DeepLinks.forWallet({}, uri)).toBeUndefined()
  })
})

describe('forRequest', () => {
  it('drops the pairing URI from the stored connect link', () => {
    expect(DeepLinks.forRequest(`https://metamask.app.link/wc?uri=${encoded}`)).toBe(
      'https://metamask.app.link/wc',
    )
    expect(DeepLinks.forRequest('trust://wc')).toBe('trust://wc')
  })
})
