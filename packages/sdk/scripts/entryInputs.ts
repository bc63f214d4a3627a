/// <reference types="node" />
// For the subpath tests (src/*/index.test.ts): every source file a page bundles when it imports an
// entry of the SDK (esbuild, as a host's bundler would: browser, ESM, code splitting). `entry` is
// relative to src/; default: the core entry.
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

export async function entryInputs(entry = 'index.ts'): Promise<string[]> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL(`../src/${entry}`, import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    splitting: true,
    outdir: 'out',
    write: false,
    metafile: true,
    logLevel: 'silent',
  })
  return Object.keys(result.metafile.inputs)
}
