import { describe, expect, it } from 'vitest'
import { check, unknownProject } from './originCheck.js'

const config = {
  development: false,
  projects: [{ projectId: 'p1', allowedOrigins: ['https://app.example'] }],
}

describe('check', () => {
  it('allows an origin on the project allowlist', () => {
    expect(check(config, 'p1', 'https://app.example')).toEqual({ allowed: true })
  })
  it('refuses an origin that is not on the allowlist', () => {
    expect(check(config, 'p1', 'https://evil.example')).toEqual({
      allowed: false,
      reason: 'Origin not found on Allowlist',
    })
  })
  it('refuses an unknown project as it refuses a known one that does not allow the origin', () => {
    // Any page may embed the frame: the answer must not tell which project ids exist.
    expect(check(config, 'nope', 'https://app.example')).toEqual(check(config, 'p1', 'https://evil.example'))
  })
  it('names an unknown project only to a development origin, which every project allows', () => {
    const development = { development: true }
    expect(unknownProject(development, 'http://localhost:5173')).toBe('Invalid Project ID')
    expect(unknownProject(development, 'https://app.example')).toBe('Origin not found on Allowlist')
    expect(unknownProject(config, 'http://localhost:5173')).toBe('Origin not found on Allowlist')
  })
  it('allows localhost origins only in development', () => {
    expect(check(config, 'p1', 'http://localhost:5173').allowed).toBe(false)
    expect(check({ ...config, development: true }, 'any', 'http://localhost:5173').allowed).toBe(true)
    expect(check({ ...config, development: true }, 'any', 'http://127.0.0.1:4000').allowed).toBe(true)
    expect(check({ ...config, development: true }, 'any', 'http://localhost.evil.example').allowed).toBe(
      false,
    )
  })
})
