/// <reference types="node" />
// Builds the published package: one minified ESM bundle (with @walletframe/protocol's guards and
// error classes inlined, so hosts install nothing else at runtime) and its type declarations.
import { execFileSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = fileURLToPath(new URL('..', import.meta.url))
rmSync(`${root}dist`, { recursive: true, force: true })

await build({
  entryPoints: [`${root}src/index.ts`],
  outfile: `${root}dist/index.js`,
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  sourcemap: true,
  treeShaking: true,
  logLevel: 'info',
})

// Declarations reference @walletframe/protocol's types, which stays a dependency of the package.
execFileSync('npx', ['tsc', '-p', `${root}tsconfig.build.json`], { stdio: 'inherit', cwd: root })
