// Host pages of the integration specs: a page script bundled on the fly (esbuild, from the
// workspace's sources, like browserWallet.ts) and served, with its configuration and optional
// server-rendered markup, at a path of the demo's origin — the origin the project allows.
import type { Page } from '@playwright/test'
import { build } from 'esbuild'

export type HostPage = {
  /** Absolute path of the page script (TypeScript; it reads its config with `hostConfig()`). */
  entry: string
  /** Where the page is served, e.g. `/wagmi.html`. */
  path: string
  /** Made available to the script as JSON (see hostConfig.ts). */
  config: unknown
  /** Markup inside `<div id="root">`, e.g. what react-dom/server rendered. */
  html?: string
}

const bundles = new Map<string, Promise<string>>()

function bundle(entry: string): Promise<string> {
  let bundled = bundles.get(entry)
  if (!bundled) {
    bundled = build({
      entryPoints: [entry],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      write: false,
      logLevel: 'error',
      // React's development build: its hydration warnings are what the SSR spec listens for.
      define: { 'process.env.NODE_ENV': '"development"' },
    }).then((result) => result.outputFiles[0]?.text ?? '')
    bundles.set(entry, bundled)
  }
  return bundled
}

/** Serves the page at `origin + path` for this Playwright page and returns its URL. */
export async function serveHostPage(page: Page, origin: string, host: HostPage): Promise<string> {
  const script = await bundle(host.entry)
  const scriptPath = `${host.path}.js`
  // </script> in the JSON would end the element early: JSON keeps its meaning with < escaped.
  const config = JSON.stringify(host.config).replace(/</g, '\\u003c')
  // A page Playwright fulfils has no server address, so Chromium's Local Network Access counts it
  // as public and blocks its iframe on 127.0.0.1 (the frame). In production both are public; here
  // the host origin is allowed to reach the loopback servers, as the demo page (served from
  // 127.0.0.1) is.
  await page.context().grantPermissions(['local-network-access'], { origin })
  await page.route(`${origin}${host.path}`, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title>
<script type="application/json" id="host-config">${config}</script></head>
<body><div id="root">${host.html ?? ''}</div><script type="module" src="${scriptPath}"></script></body></html>`,
    }),
  )
  await page.route(`${origin}${scriptPath}`, (route) =>
    route.fulfill({ contentType: 'text/javascript; charset=utf-8', body: script }),
  )
  return `${origin}${host.path}`
}
