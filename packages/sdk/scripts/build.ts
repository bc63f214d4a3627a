/// <reference types="node" />
// Builds the published package: minified ESM (with @walletframe/protocol's guards and error classes
// inlined, so hosts install nothing else at runtime) and its type declarations. Code splitting keeps
// what loads with import() (the channel's checks, the injected-wallet bridge) in chunks of their own
// beside index.js, so a host's bundler splits them off again.
import { execFileSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type BuildOptions, build } from 'esbuild'

const root = fileURLToPath(new URL('..', import.meta.url))
rmSync(`${root}dist`, { recursive: true, force: true })

// The core and the browser subpaths are built alike; only what goes in and what stays out differ.
const browser: BuildOptions = {
  outdir: `${root}dist`,
  entryNames: '[name]',
  chunkNames: '[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  sourcemap: true,
  treeShaking: true,
  logLevel: 'info',
}

await build({ ...browser, entryPoints: [`${root}src/index.ts`] })

// The browser subpaths (./wagmi, ./react, ./solana), built beside the core without changing it. What
// they share with the core they import from its entry (src/index.ts), which stays an import of
// ./index.js: one copy of createWalletframe and of the error classes on the page, so errors from
// either are `instanceof` the same class. Their libraries are the host's own (peer dependencies, or
// dependencies its bundler resolves once for the page).
const coreEntry = `${root}src/index.ts`
await build({
  ...browser,
  entryPoints: {
    wagmi: `${root}src/wagmi/index.ts`,
    react: `${root}src/react/index.ts`,
    solana: `${root}src/solana/index.ts`,
  },
  external: ['@wagmi/core', 'viem', 'viem/*', 'react', 'react/*', '@wallet-standard/*', '@solana/*'],
  plugins: [
    {
      name: 'core-entry-external',
      setup(build) {
        build.onResolve({ filter: /\/index\.js$/ }, ({ path, resolveDir }) =>
          join(resolveDir, path.replace(/\.js$/, '.ts')) === coreEntry
            ? { path: './index.js', external: true }
            : undefined,
        )
      },
    },
  ],
})

// @walletframe/sdk/server, for the host's backend: Node, not minified (its stack traces are read),
// protocol schemas and zod inlined like the core's guards. viem and the Solana verifier are the
// host's own (peer dependencies), so a PublicClient it passes in is the same viem that checks it.
await build({
  entryPoints: { server: `${root}src/server/index.ts` },
  outdir: `${root}dist`,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: ['viem', 'viem/*', '@solana/wallet-standard-util'],
  sourcemap: true,
  treeShaking: true,
  logLevel: 'info',
})

// Declarations reference @walletframe/protocol's types, which stays a dependency of the package.
execFileSync('npx', ['tsc', '-p', `${root}tsconfig.build.json`], { stdio: 'inherit', cwd: root })
