// The static server the e2e specs and `npm start` serve the built apps with: a page of its own answers
// its path without the extension (the social popup's /auth/callback), other extensionless paths get
// the app shell, and a missing asset is a 404, never the shell.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Served, serveStatic } from './serveStatic.js'

let root: string
let served: Served

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'serve-static-'))
  mkdirSync(join(root, 'auth'))
  writeFileSync(join(root, 'index.html'), 'shell')
  writeFileSync(join(root, 'auth', 'callback.html'), 'callback page')
  writeFileSync(join(root, 'app.js'), 'code')
  served = await serveStatic({ root })
})

afterAll(async () => {
  await served.close()
  rmSync(root, { recursive: true, force: true })
})

const get = async (path: string) => {
  const response = await fetch(new URL(path, served.url))
  return { status: response.status, body: await response.text(), type: response.headers.get('content-type') }
}

describe('serveStatic', () => {
  it('answers /auth/callback with auth/callback.html, its query string aside', async () => {
    expect(await get('/auth/callback?status=returned&completion=x')).toMatchObject({
      status: 200,
      body: 'callback page',
      type: expect.stringContaining('text/html'),
    })
  })

  it('answers other client-side routes with the app shell, and files as they are', async () => {
    expect(await get('/verify?token=t')).toMatchObject({ status: 200, body: 'shell' })
    expect(await get('/auth/')).toMatchObject({ status: 200, body: 'shell' })
    expect(await get('/app.js')).toMatchObject({ status: 200, body: 'code' })
  })

  it('answers a missing asset with 404, not the shell', async () => {
    expect(await get('/missing.js')).toMatchObject({ status: 404 })
    expect(await get('/auth/callback.js')).toMatchObject({ status: 404 })
  })
})
