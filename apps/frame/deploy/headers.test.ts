import { describe, expect, it } from 'vitest'
import {
  contentSecurityPolicy,
  frameHeaders,
  headersFile,
  metaContentSecurityPolicy,
  vercelJson,
} from './headers.js'

describe('the shipped policy', () => {
  it('puts every directive but the header-only ones in the <meta> policy', () => {
    expect(contentSecurityPolicy).toContain('frame-ancestors *')
    expect(metaContentSecurityPolicy).not.toContain('frame-ancestors')
    expect(`${metaContentSecurityPolicy}; frame-ancestors *`).toBe(contentSecurityPolicy)
  })

  it('writes the same headers for Netlify / Cloudflare Pages and for Vercel', () => {
    const lines = headersFile().split('\n')
    expect(lines[0]).toBe('/*')
    const all = lines.slice(1, lines.indexOf('/assets/*')).map((line) => {
      const [, name, value] = /^ {2}([\w-]+): (.*)$/.exec(line) ?? []
      return [name?.toLowerCase(), value]
    })
    expect(Object.fromEntries(all)).toEqual(frameHeaders)
    const vercel = JSON.parse(vercelJson()) as {
      cleanUrls: boolean
      headers: { source: string; headers: { key: string; value: string }[] }[]
    }
    // The social popup's last page answers at /auth/callback.
    expect(vercel.cleanUrls).toBe(true)
    expect(
      Object.fromEntries(vercel.headers[0]!.headers.map(({ key, value }) => [key.toLowerCase(), value])),
    ).toEqual(frameHeaders)
    expect(vercel.headers[1]).toEqual({
      source: '/assets/(.*)',
      headers: [{ key: 'Cache-Control', value: 'public, max-age=31536000, immutable' }],
    })
  })
})
