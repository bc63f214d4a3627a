// The frame's own response headers, kept in one place: the static server of `npm start` and the e2e
// specs sends them, and the build ships them with the files (deploy/plugin.ts) for operators who copy
// dist/ to a CDN: a <meta> policy in index.html and the headers files the common CDNs read.

/**
 * Loopback sources let a frame reach a local API, devnets and relay in development; they add no way
 * out of the user's machine, so production keeps them.
 */
const loopback = 'http://localhost:* http://127.0.0.1:*'
const loopbackSockets = 'ws://localhost:* ws://127.0.0.1:*'

/** Content-Security-Policy directives, in order. */
export const cspDirectives: readonly (readonly [name: string, value: string])[] = [
  ['default-src', "'self'"],
  ['script-src', "'self'"],
  // The theme sets CSS custom properties inline.
  ['style-src', "'self' 'unsafe-inline'"],
  ['img-src', `'self' data: blob: https: ${loopback}`],
  ['connect-src', `'self' https: wss: ${loopback} ${loopbackSockets}`],
  ['worker-src', "'self' blob:"],
  // WalletConnect's Verify API runs in an iframe when the frame uses the public relay.
  ['frame-src', "'self' https://verify.walletconnect.org https://verify.walletconnect.com"],
  ['object-src', "'none'"],
  ['base-uri', "'none'"],
  // The frame is embedded by any host page; which hosts may use it is checked per project.
  ['frame-ancestors', '*'],
]

/** Directives a <meta> policy cannot carry: browsers ignore them there (CSP 3, §3.3). */
const headerOnly = new Set(['frame-ancestors', 'report-uri', 'sandbox'])

export const contentSecurityPolicy = cspDirectives.map(([name, value]) => `${name} ${value}`).join('; ')

/** The policy for index.html's <meta http-equiv="Content-Security-Policy">. */
export const metaContentSecurityPolicy = cspDirectives
  .filter(([name]) => !headerOnly.has(name))
  .map(([name, value]) => `${name} ${value}`)
  .join('; ')

/** Every response of the frame's origin. */
export const frameHeaders: Readonly<Record<string, string>> = {
  'content-security-policy': contentSecurityPolicy,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
}

/** Hashed build output under assets/ never changes under its name. */
export const immutableAssets = { path: '/assets/', cacheControl: 'public, max-age=31536000, immutable' }

const titleCase = (name: string) =>
  name.replace(/(^|-)([a-z])/g, (_, dash, letter) => dash + letter.toUpperCase())

/** `_headers`, read by Netlify and Cloudflare Pages. */
export function headersFile(): string {
  const all = Object.entries(frameHeaders).map(([name, value]) => `  ${titleCase(name)}: ${value}`)
  return [
    '/*',
    ...all,
    `${immutableAssets.path}*`,
    `  Cache-Control: ${immutableAssets.cacheControl}`,
    '',
  ].join('\n')
}

/** `vercel.json`, read by Vercel. */
export function vercelJson(): string {
  const headers = (entries: [string, string][]) =>
    entries.map(([key, value]) => ({ key: titleCase(key), value }))
  return `${JSON.stringify(
    {
      // /auth/callback is auth/callback.html, the social popup's last page (Netlify and Cloudflare
      // Pages serve a page's .html at its path without the extension by default).
      cleanUrls: true,
      headers: [
        { source: '/(.*)', headers: headers(Object.entries(frameHeaders)) },
        {
          source: `${immutableAssets.path}(.*)`,
          headers: headers([['cache-control', immutableAssets.cacheControl]]),
        },
      ],
    },
    null,
    2,
  )}\n`
}
