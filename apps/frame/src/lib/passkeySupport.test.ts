// Which browsers make a new passkey in a window rather than in the frame.
import { describe, expect, it } from 'vitest'
import * as PasskeySupport from './passkeySupport.js'

describe('needed', () => {
  it('is false in Chromium (navigator.userAgentData) and true elsewhere', () => {
    expect(PasskeySupport.needed({ userAgentData: { brands: [] } })).toBe(false)
    expect(PasskeySupport.needed({})).toBe(true)
  })
})
