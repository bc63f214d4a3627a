import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ImageUnavailableError } from '../errors.js'
import { fetchImage, looksLike } from './fetchImage.js'
import { png, svg } from './fixtures.js'

let server: Server
let base: string
/** Requests that reached the redirect's target: a followed redirect would show here. */
let internalHits = 0

beforeAll(async () => {
  server = createServer((request, response) => {
    switch (request.url) {
      case '/logo.png':
        response.writeHead(200, { 'content-type': 'image/png' }).end(png)
        return
      case '/logo.svg':
        response
          .writeHead(200, { 'content-type': 'image/svg+xml; charset=utf-8' })
          .end(`<?xml version="1.0"?>\n${svg}`)
        return
      case '/page.html':
        response
          .writeHead(200, { 'content-type': 'text/html' })
          .end('<!doctype html><script>alert(1)</script>')
        return
      case '/html-as-png':
        response
          .writeHead(200, { 'content-type': 'image/png' })
          .end('<!doctype html><script>alert(1)</script>')
        return
      case '/html-as-svg':
        response
          .writeHead(200, { 'content-type': 'image/svg+xml' })
          .end('<html><script>alert(1)</script></html>')
        return
      case '/huge-declared':
        response.writeHead(200, { 'content-type': 'image/png', 'content-length': String(10_000_000) })
        response.write(png)
        response.end()
        return
      case '/huge-streamed': {
        // No content-length: the limit must be counted while the body arrives.
        response.writeHead(200, { 'content-type': 'image/png' })
        response.write(png)
        const chunk = Buffer.alloc(64 * 1024, 1)
        let sent = 0
        const more = () => {
          while (sent < 100 && response.write(chunk)) sent++
          if (sent < 100) response.once('drain', more)
          else response.end()
        }
        response.on('error', () => {})
        more()
        return
      }
      case '/redirect-private':
        response.writeHead(302, { location: `${base}/internal` }).end()
        return
      case '/internal':
        internalHits++
        response.writeHead(200, { 'content-type': 'image/png' }).end(png)
        return
      case '/missing':
        response.writeHead(404).end()
        return
      case '/silent':
        // Never answers: the deadline ends the read.
        return
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

const options = { maxBytes: 64 * 1024, timeoutMs: 2_000 }

describe('fetchImage', () => {
  it('reads a PNG with its type', async () => {
    const image = await fetchImage(`${base}/logo.png`, options)
    expect(image.contentType).toBe('image/png')
    expect(Buffer.from(image.bytes).equals(png)).toBe(true)
  })

  it('reads an SVG that opens with an XML declaration', async () => {
    const image = await fetchImage(`${base}/logo.svg`, options)
    expect(image.contentType).toBe('image/svg+xml')
  })

  it.each([
    ['an HTML page', '/page.html', /PNG, JPEG, WebP or SVG/],
    ['HTML sent as image/png', '/html-as-png', /not the image\/png/],
    ['HTML sent as image/svg+xml', '/html-as-svg', /not the image\/svg\+xml/],
    ['a declared length past the limit', '/huge-declared', /larger than 65536 bytes/],
    ['a streamed body past the limit', '/huge-streamed', /larger than 65536 bytes/],
    ['a 404', '/missing', /answered 404/],
  ])('refuses %s', async (_, path, message) => {
    const failure = fetchImage(`${base}${path}`, options)
    await expect(failure).rejects.toBeInstanceOf(ImageUnavailableError)
    await expect(failure).rejects.toThrow(message)
  })

  it('does not follow a redirect (to a private address or anywhere)', async () => {
    await expect(fetchImage(`${base}/redirect-private`, options)).rejects.toThrow(/redirect/)
    expect(internalHits).toBe(0)
  })

  it('refuses sources that are not http(s)', async () => {
    await expect(fetchImage('file:///etc/passwd', options)).rejects.toThrow(/not an http\(s\) URL/)
    await expect(fetchImage('data:image/png;base64,AAAA', options)).rejects.toThrow(/not an http\(s\) URL/)
    await expect(fetchImage('not a url', options)).rejects.toThrow(/not a URL/)
  })

  it('gives up on a source that never answers', async () => {
    await expect(fetchImage(`${base}/silent`, { ...options, timeoutMs: 100 })).rejects.toThrow(
      /did not answer|took too long/,
    )
  })

  it('refuses a source that is down', async () => {
    await expect(fetchImage('http://127.0.0.1:9/logo.png', options)).rejects.toThrow(/did not answer/)
  })
})

describe('looksLike', () => {
  it('knows each type by its first bytes', () => {
    expect(looksLike('image/png', png)).toBe(true)
    expect(looksLike('image/jpeg', Uint8Array.of(0xff, 0xd8, 0xff, 0xe0))).toBe(true)
    expect(looksLike('image/webp', new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))).toBe(true)
    expect(looksLike('image/svg+xml', new TextEncoder().encode(`<!-- logo -->\n${svg}`))).toBe(true)
    expect(looksLike('image/jpeg', png)).toBe(false)
    expect(looksLike('image/webp', new TextEncoder().encode('RIFF\0\0\0\0WAVE'))).toBe(false)
    expect(looksLike('image/svg+xml', new TextEncoder().encode('<svgfoo>'))).toBe(false)
  })
})
