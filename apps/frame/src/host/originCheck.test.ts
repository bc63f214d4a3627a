import { describe, expect, it } from 'vitest'
import { check } from './originCheck.js'

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
  it('refuses an unknown project', () => {
    expect(check(config, 'nope', 'https://app.example')).toEqual({
      allowed: false,
      reason: 'Invalid Project ID',
    })
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
