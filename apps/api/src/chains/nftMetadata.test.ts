// Token metadata against real local HTTP servers: what is read, and every way it is not.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { maxNftDataImageLength } from '@walletframe/protocol'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clip, decodeDataUri, read, showableImage } from './nftMetadata.js'

let server: Server
let base: string
let hangReached: (() => void) | undefined
const metadata = { name: 'Punk #7', description: 'A punk.', image: 'https://img.test/7.png' }

const routes: Record<string, (request: IncomingMessage, response: ServerResponse) => void> = {
  '/ok': (_, response) =>
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(metadata)),
  '/image-url': (_, response) =>
    response.end(JSON.stringify({ name: 'Alt', image_url: 'http://127.0.0.1:1/alt.png' })),
  '/500': (_, response) => response.writeHead(500).end('{"name":"not this"}'),
  '/html': (_, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>'),
  '/array': (_, response) => response.end('[1,2]'),
  '/big-declared': (_, response) =>
    response.writeHead(200, { 'content-length': String(300 * 1024) }).end('x'.repeat(300 * 1024)),
  // No content-length: the cap must hold while reading.
  '/big-chunked': (_, response) => {
    response.writeHead(200, { 'content-type': 'application/json' })
    response.write(`{"name":"${'a'.repeat(200 * 1024)}`)
    response.end(`${'b'.repeat(200 * 1024)}"}`)
  },
  '/hang': () => {
    // Never answers: the caller's deadline has to end the wait.
    hangReached?.()
  },
}

beforeAll(async () => {
  server = createServer((request, response) => {
    const route = routes[new URL(request.url ?? '/', 'http://x').pathname]
    if (route) route(request, response)
    else response.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

const signal = () => AbortSignal.timeout(10_000)

describe('read', () => {
  it('reads name, description and image from an http metadata URL', async () => {
    expect(await read(`${base}/ok`, { signal: signal() })).toEqual(metadata)
  })

  it('takes image_url when there is no image', async () => {
    expect(await read(`${base}/image-url`, { signal: signal() })).toEqual({
      name: 'Alt',
      description: undefined,
      image: 'http://127.0.0.1:1/alt.png',
    })
  })

  it('decodes base64, percent-encoded and raw data: URIs', async () => {
    const json = JSON.stringify(metadata)
    for (const uri of [
      `data:application/json;base64,${Buffer.from(json).toString('base64')}`,
      `data:application/json,${encodeURIComponent(json)}`,
      `data:application/json;utf8,${JSON.stringify({ ...metadata, name: '100% punk' })}`,
    ]) {
      const decoded = await read(uri, { signal: signal() })
      expect(decoded?.image).toBe(metadata.image)
      expect(decoded?.name).toMatch(/Punk #7|100% punk/)
    }
  })

  it('has no metadata for other schemes, error statuses, non-JSON and non-objects', async () => {
    for (const uri of [
      'ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi/7',
      'ar://abc',
      'file:///etc/passwd',
      '',
      `${base}/500`,
      `${base}/html`,
      `${base}/array`,
      `${base}/missing`,
      'http://127.0.0.1:1/refused',
      'data:application/json,not json',
    ]) {
      expect(await read(uri, { signal: signal() }), uri).toBeUndefined()
    }
  })

  it('stops reading past the size cap, declared or streamed', async () => {
    expect(await read(`${base}/big-declared`, { signal: signal() })).toBeUndefined()
    expect(await read(`${base}/big-chunked`, { signal: signal() })).toBeUndefined()
    // The same answer under a larger cap is read: it is the cap that refused it.
    expect(
      (await read(`${base}/big-chunked`, { signal: signal(), maxBytes: 1024 * 1024 }))?.name,
    ).toHaveLength(400 * 1024)
  })

  it('gives up on a server that never answers when the signal ends the wait', async () => {
    const controller = new AbortController()
    const reached = new Promise<void>((resolve) => {
      hangReached = resolve
    })
    const pending = read(`${base}/hang`, { signal: controller.signal })
    await reached
    controller.abort()
    expect(await pending).toBeUndefined()
  })
})

describe('decodeDataUri', () => {
  it('refuses a data: URI larger than the cap before decoding it', () => {
    const uri = `data:application/json;base64,${Buffer.alloc(4096).toString('base64')}`
    expect(decodeDataUri(uri, 1024)).toBeUndefined()
    expect(decodeDataUri(uri, 4096)?.byteLength).toBe(4096)
    expect(decodeDataUri('data:no-comma')).toBeUndefined()
  })
})

describe('showableImage', () => {
  it('keeps http(s) URLs and data:image URIs within bounds, nothing else', () => {
    expect(showableImage('https://img.test/a.png')).toBe('https://img.test/a.png')
    expect(showableImage(' http://127.0.0.1:8/a.svg ')).toBe('http://127.0.0.1:8/a.svg')
    expect(showableImage('data:image/svg+xml;base64,PHN2Zz4=')).toBe('data:image/svg+xml;base64,PHN2Zz4=')
    for (const bad of [
      'javascript:alert(1)',
      'ipfs://x/1.png',
      'data:text/html,<script>',
      `https://img.test/${'a'.repeat(3000)}`,
      `data:image/png;base64,${'A'.repeat(maxNftDataImageLength)}`,
      'https://img.test/\u0000.png',
      undefined,
    ]) {
      expect(showableImage(bad)).toBeUndefined()
    }
  })
})

describe('clip', () => {
  it('removes NUL, replaces lone surrogates, trims, and cuts without splitting a pair', () => {
    expect(clip(' a\u0000b ', 10)).toBe('ab')
    expect(clip('a\ud800b', 10)).toBe('a\ufffdb')
    expect(clip('ab😀', 3)).toBe('ab')
    expect(clip('abcdef', 3)).toBe('abc')
    expect(clip('   ', 3)).toBeUndefined()
    expect(clip(undefined, 3)).toBeUndefined()
  })
})
