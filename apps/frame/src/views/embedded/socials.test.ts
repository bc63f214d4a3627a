import { describe, expect, it } from 'vitest'
import { defaultSocials, socialsOf } from './socials.js'

describe('socialsOf', () => {
  it("offers all seven in the default order, the host's list in its order, none when off", () => {
    expect(socialsOf(undefined)).toEqual(defaultSocials)
    expect(socialsOf({})).toEqual(['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'])
    expect(socialsOf({ socials: ['github', 'farcaster', 'google'] })).toEqual([
      'github',
      'farcaster',
      'google',
    ])
    expect(socialsOf({ socials: false })).toEqual([])
  })
})
