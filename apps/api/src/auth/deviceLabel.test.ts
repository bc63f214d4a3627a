import { describe, expect, it } from 'vitest'
import { fromUserAgent } from './deviceLabel.js'

describe('fromUserAgent', () => {
  it.each([
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome on Linux',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
      'Safari on macOS',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      'Safari on iOS',
    ],
    ['Mozilla/5.0 (Android 15; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0', 'Firefox on Android'],
    ['curl/8.5.0', 'an unknown browser'],
    [undefined, 'an unknown browser'],
  ])('names %s as %s', (header, label) => {
    expect(fromUserAgent(header)).toBe(label)
  })

  it('never carries the header’s own text, links included', () => {
    const label = fromUserAgent(
      'Chrome/1 URGENT: your wallet is locked, restore it at https://evil.example/restore (Linux)',
    )
    expect(label).toBe('Chrome on Linux')
    expect(label).not.toMatch(/evil|URGENT|https?:/)
  })
})
