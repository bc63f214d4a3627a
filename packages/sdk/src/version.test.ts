import { describe, expect, it } from 'vitest'
import pkg from '../package.json' with { type: 'json' }
import { version } from './version.js'

describe('version', () => {
  it('matches package.json', () => {
    expect(version).toBe(pkg.version)
  })
})
