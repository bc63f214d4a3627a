// Ships the frame's early script (src/ready.ts) as a classic script of its own, named for its content
// and loaded `async` from <head> ahead of the app's modules: it says frame:ready as soon as it arrives, without waiting for the
// module graph, and the policy's script-src 'self' allows it where it forbids inline script. The dev
// server serves the same text at the same path.
import { createHash } from 'node:crypto'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, type Plugin as EsbuildPlugin } from 'esbuild'
import type { Plugin } from 'vite'

const entry = fileURLToPath(new URL('../src/ready.ts', import.meta.url))

/**
 * The protocol's guards module builds its guards as it loads, and a bundler keeps calls it cannot
 * prove pure; the early script reads only the two handshake constants, so it takes them from the
 * module guards takes them from, and nothing else of the protocol is bundled.
 */
const handshakeConstantsOnly: EsbuildPlugin = {
  name: 'handshake-constants-only',
  setup(bundler) {
    bundler.onResolve({ filter: /^@walletframe\/protocol\/guards$/ }, async (args) => {
      // The package's own resolution, which this hook would otherwise answer again.
      if (args.pluginData === handshakeConstantsOnly) return undefined
      const guards = await bundler.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        importer: args.importer,
        pluginData: handshakeConstantsOnly,
      })
      return { path: join(dirname(guards.path), 'internal', 'literals.ts') }
    })
  },
}

/** The early script: src/ready.ts and what it uses, one function scope, nothing exported. */
export async function earlyReadySource(): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'iife',
    target: 'es2022',
    minify: true,
    write: false,
    logLevel: 'silent',
    plugins: [handshakeConstantsOnly],
  })
  const [output] = result.outputFiles
  if (!output) throw new Error('the early script did not build')
  return output.text
}

/** Where the script is served: under the immutable assets' path, its name changing with its text. */
export function earlyReadyPath(source: string): string {
  return `/assets/ready-${createHash('sha256').update(source).digest('hex').slice(0, 10)}.js`
}

export function earlyReady(): Plugin {
  let built: Promise<{ source: string; path: string }> | undefined
  const script = () => {
    built ??= earlyReadySource().then((source) => ({ source, path: earlyReadyPath(source) }))
    return built
  }
  return {
    name: 'walletframe:early-ready',
    transformIndexHtml: {
      order: 'post',
      // First of the page's scripts, after the policy's <meta>: an async script is fetched at low
      // priority unless told otherwise, and this one is what the host waits on.
      async handler(html) {
        const at = html.indexOf('<script')
        if (at < 0) throw new Error('index.html has no script for the early script to precede')
        const tag = `<script src="${(await script()).path}" async fetchpriority="high"></script>\n    `
        return html.slice(0, at) + tag + html.slice(at)
      },
    },
    configureServer(server) {
      server.middlewares.use(async (request, response, next) => {
        const { source, path } = await script()
        if (request.url !== path) return next()
        response.setHeader('content-type', 'text/javascript')
        response.end(source)
      })
    },
    async generateBundle() {
      const { source, path } = await script()
      this.emitFile({ type: 'asset', fileName: path.slice(1), source })
    },
  }
}
