/// <reference types="node" />
// Builds the published package: minified ESM (with @walletframe/protocol's guards and error classes
// inlined, so hosts install nothing else at runtime) and its type declarations. Code splitting keeps
// what loads with import() (the injected-wallet bridge) in its own chunk beside index.js, so a
// host's bundler splits it off again.
import { execFileSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = fileURLToPath(new URL('..', import.meta.url))
rmSync(`${root}dist`, { recursive: true, force: true })

await build({
  entryPoints: [`${root}src/index.ts`],
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
