// Ships the frame's security headers with the build (see headers.ts): the <meta> policy goes first in
// <head>, before any script, and `_headers` / `vercel.json` land beside index.html.
import type { Plugin } from 'vite'
import { headersFile, metaContentSecurityPolicy, vercelJson } from './headers.js'

export function securityHeaders(): Plugin {
  return {
    name: 'walletframe:security-headers',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      // Right after the charset declaration (which must come first) and before any script.
      handler(html) {
        const charset = /<meta charset="[^"]*"\s*\/?>/i.exec(html)
        if (!charset) throw new Error('index.html needs a <meta charset> for the CSP <meta> to follow')
        const end = charset.index + charset[0].length
        const meta = `<meta http-equiv="Content-Security-Policy" content="${metaContentSecurityPolicy.replaceAll('"', '&quot;')}" />`
        return `${html.slice(0, end)}\n    ${meta}${html.slice(end)}`
      },
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: '_headers', source: headersFile() })
      this.emitFile({ type: 'asset', fileName: 'vercel.json', source: vercelJson() })
    },
  }
}
