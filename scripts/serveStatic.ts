// A small static file server for built apps (the frame, the demo) with SPA fallback, extra JSON
// routes (runtime config) and per-app headers. Binds 127.0.0.1; port 0 picks a free port. The URL it
// reports may name another host that resolves to the bind address (the e2e specs map `*.test` names to
// 127.0.0.1 in the browser, so that the frame and its host pages are different sites).
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, sep } from 'node:path'
import { immutableAssets } from '../apps/frame/deploy/headers.js'

export { frameHeaders } from '../apps/frame/deploy/headers.js'

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.map': 'application/json',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
}

export type Options = {
  root: string
  port?: number
  /** The address to bind. Default 127.0.0.1. */
  host?: string
  /**
   * The host name in the reported url and origin, when clients reach the server by a name that
   * resolves to `host` (e.g. `frame.test`, mapped to 127.0.0.1 by the browser). Default: `host`.
   */
  hostname?: string
  /** Headers sent with every response (e.g. the frame's CSP). */
  headers?: Record<string, string>
  /** Paths answered with JSON computed at request time, e.g. `/frame-config.json`. */
  json?: Record<string, () => unknown>
}

export type Served = { url: string; origin: string; port: number; close(): Promise<void> }

export async function serveStatic(options: Options): Promise<Served> {
  const { root, host = '127.0.0.1', hostname = host, headers = {}, json = {} } = options
  const server = createServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)
    for (const [name, value] of Object.entries(headers)) response.setHeader(name, value)
    const route = json[path]
    if (route) {
      response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' })
      response.end(JSON.stringify(route()))
      return
    }
    const file = normalize(join(root, path))
    if (!file.startsWith(root + sep) && file !== root) {
      response.writeHead(403).end()
      return
    }
    const isFile = (candidate: string) =>
      stat(candidate).then(
        (info) => (info.isFile() ? candidate : undefined),
        () => undefined,
      )
    // A page of its own answers its path without the extension (/auth/callback: auth/callback.html),
    // as static hosts with clean URLs do; other client-side routes (/verify) fall back to the app shell.
    const found =
      (await isFile(file)) ?? (extname(path) || path.endsWith('/') ? undefined : await isFile(`${file}.html`))
    const target = found ?? (extname(path) ? undefined : join(root, 'index.html'))
    if (!target) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found')
      return
    }
    response.writeHead(200, {
      'content-type': types[extname(target)] ?? 'application/octet-stream',
      'cache-control': target.includes(`${sep}assets${sep}`) ? immutableAssets.cacheControl : 'no-cache',
    })
    createReadStream(target).pipe(response)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, () => resolve())
  })
  const { port } = server.address() as AddressInfo
  const origin = `http://${hostname}:${port}`
  return {
    url: `${origin}/`,
    origin,
    port,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
