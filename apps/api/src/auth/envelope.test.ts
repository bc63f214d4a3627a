import { describe, expect, it } from 'vitest'
import * as Envelope from './envelope.js'

const key = Envelope.fromSecret('envelope-test-secret-0123456789abcdef')
const share = new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17])

describe('seal / open', () => {
  it('opens what it sealed, and the sealed text does not contain the plaintext', () => {
    const sealed = Envelope.seal(key, share, 'user-1')
    expect(Envelope.open(key, sealed, 'user-1')).toEqual(share)
    expect(sealed).not.toContain(Buffer.from(share).toString('base64url'))
    // A fresh nonce each time.
    expect(Envelope.seal(key, share, 'user-1')).not.toBe(sealed)
  })

  it("refuses another user's associated data, another key and a flipped bit", () => {
    const sealed = Envelope.seal(key, share, 'user-1')
    expect(() => Envelope.open(key, sealed, 'user-2')).toThrow()
    expect(() =>
      Envelope.open(Envelope.fromSecret('another-secret-0123456789abcdef012345'), sealed, 'user-1'),
    ).toThrow()
    const bytes = Buffer.from(sealed, 'base64url')
    bytes[14]! ^= 1
    expect(() => Envelope.open(key, bytes.toString('base64url'), 'user-1')).toThrow()
  })
})
