// SDK core size: the core entry bundled the way a host's bundler would (esbuild, ESM, minified,
// tree-shaken, browser, code splitting), in bytes minified and minified + gzip (level 9). "Core" is
// the entry chunk plus every chunk it imports statically: what the host page's own bundle carries.
// Chunks behind import() are reported apart: the channel's checks (loaded as an instance starts,
// while the iframe loads: before the frame can answer) and those loaded on first use (the
// injected-wallet bridge).
// Run: npx tsx bench/sdk-size.ts
import { basename } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build, type Metafile } from 'esbuild'

export const budget = 3_500
/** The module the SDK loads with import() as an instance starts (packages/sdk/src/Channel.ts). */
const startUpModule = 'packages/sdk/src/checks.ts'
const entry = fileURLToPath(new URL('../packages/sdk/src/index.ts', import.meta.url))

type Size = { min: number; gzip: number }

/** A host page as small as a real one: creates the instance, opens the modal, asks the provider. */
const host = `import { createWalletframe } from ${JSON.stringify(entry)}
const wf = createWalletframe({ projectId: 'p', frameUrl: 'https://f.example/', networks: ['eip155:1'], metadata: { name: 'H', url: 'https://h.example' } })
wf.open()
wf.provider.request({ method: 'eth_accounts' })
`

export async function measure(stdin?: string): Promise<{
  core: Size
  /** Loaded with import() as an instance starts: the channel's checks. */
  startUp: Size
  /** Loaded with import() on first use. */
  lazy: Size
  chunks: (Size & { name: string; load: Load })[]
  zodBytes: number
}> {
  const result = await build({
    ...(stdin
      ? { stdin: { contents: stdin, resolveDir: fileURLToPath(new URL('.', import.meta.url)), loader: 'ts' } }
      : { entryPoints: [entry] }),
    bundle: true,
    format: 'esm',
    platform: 'browser',
    minify: true,
    treeShaking: true,
    splitting: true,
    outdir: 'sdk-size-out',
    write: false,
    metafile: true,
    logLevel: 'silent',
  })
  const outputs = result.metafile.outputs
  // Metafile paths are relative to the working directory, output file paths absolute: match by name.
  const files = new Map(result.outputFiles.map((file) => [basename(file.path), file]))
  const entryName = Object.keys(outputs).find((name) => outputs[name]?.entryPoint) as string
  const core = new Set<string>()
  const visit = (name: string) => {
    if (core.has(name)) return
    core.add(name)
    for (const imported of (outputs[name] as Metafile['outputs'][string]).imports)
      if (imported.kind === 'import-statement') visit(imported.path)
  }
  visit(entryName)
  const all = Object.keys(outputs).filter((name) => name.endsWith('.js'))
  const chunks = all.map((name) => {
    const code = files.get(basename(name))?.contents ?? new Uint8Array()
    const load: Load = core.has(name)
      ? 'core'
      : outputs[name]?.entryPoint?.endsWith(startUpModule)
        ? 'start-up'
        : 'lazy'
    return { name: basename(name), load, min: code.byteLength, gzip: gzipSync(code, { level: 9 }).byteLength }
  })
  const sum = (load: Load): Size =>
    chunks
      .filter((chunk) => chunk.load === load)
      .reduce((total, chunk) => ({ min: total.min + chunk.min, gzip: total.gzip + chunk.gzip }), {
        min: 0,
        gzip: 0,
      })
  // The budget exists to keep a schema library out of the core: count any zod bytes that slip in.
  let zodBytes = 0
  for (const output of Object.values(outputs))
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs))
      if (input.includes('node_modules/zod/')) zodBytes += bytesInOutput
  return { core: sum('core'), startUp: sum('start-up'), lazy: sum('lazy'), chunks, zodBytes }
}

/** How a chunk loads: with the host's bundle, as an instance starts, or on first use. */
type Load = 'core' | 'start-up' | 'lazy'

/** The browser subpaths: the peer dependencies they leave to the host's page (its own copies). */
export const subpaths = {
  wagmi: ['@wagmi/core', 'viem', 'viem/*'],
  react: ['react', 'react/*', 'react-dom', 'react-dom/*'],
  solana: [],
} as const satisfies Record<string, readonly string[]>

/**
 * Each subpath's entry bundled alone (its dependencies such as @wallet-standard/wallet in, the host's
 * peer dependencies out), and what it adds to a page that already imports the core: the page with
 * both entries minus the core alone.
 */
export async function measureSubpaths(): Promise<{ name: string; alone: Size; added: Size }[]> {
  const core = await bundleSize(`export * from ${JSON.stringify(entry)}`, [])
  const sizes = []
  for (const [name, external] of Object.entries(subpaths)) {
    const path = JSON.stringify(
      fileURLToPath(new URL(`../packages/sdk/src/${name}/index.ts`, import.meta.url)),
    )
    const alone = await bundleSize(`export * from ${path}`, external)
    const both = await bundleSize(`export * from ${JSON.stringify(entry)}\nexport * from ${path}`, external)
    sizes.push({ name, alone, added: { min: both.min - core.min, gzip: both.gzip - core.gzip } })
  }
  return sizes
}

async function bundleSize(contents: string, external: readonly string[]): Promise<Size> {
  const result = await build({
    stdin: { contents, resolveDir: fileURLToPath(new URL('.', import.meta.url)), loader: 'ts' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    minify: true,
    treeShaking: true,
    external: [...external],
    write: false,
    logLevel: 'silent',
  })
  const code = result.outputFiles[0]?.contents ?? new Uint8Array()
  return { min: code.byteLength, gzip: gzipSync(code, { level: 9 }).byteLength }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { core, startUp, lazy, chunks, zodBytes } = await measure()
  for (const chunk of chunks)
    console.log(`  ${chunk.load} ${chunk.name}: ${chunk.min} B min, ${chunk.gzip} B min+gzip`)
  console.log(`@walletframe/sdk core: ${core.min} B min, ${core.gzip} B min+gzip (budget ${budget} B)`)
  console.log(`start-up chunk (the channel's checks): ${startUp.min} B min, ${startUp.gzip} B min+gzip`)
  console.log(`lazy chunks (injected-wallet bridge), sum: ${lazy.min} B min, ${lazy.gzip} B min+gzip`)
  if (zodBytes) console.log(`WARNING: ${zodBytes} bytes of zod in the bundle`)
  console.log('')
  console.log('| Benchmark | Result | Target |')
  console.log('| --- | --- | --- |')
  console.log(`| SDK core size (min / min+gzip) | ${core.min} B / ${core.gzip} B | <= ${budget} B min+gzip |`)
  console.log(
    `| SDK start-up chunk, the channel's checks (min / min+gzip) | ${startUp.min} B / ${startUp.gzip} B | loaded as an instance starts, while the iframe loads |`,
  )
  console.log(`| SDK lazy chunks (min / min+gzip) | ${lazy.min} B / ${lazy.gzip} B | loaded on first use |`)
  const page = await measure(host)
  console.log(
    `| a host page that calls open() and provider.request, as its bundler splits it (min / min+gzip) | ${page.core.min} B / ${page.core.gzip} B | <= ${budget} B min+gzip |`,
  )
  console.log(
    `| the same page with the start-up chunk: what it downloads before the frame can answer (min+gzip) | ${page.core.gzip + page.startUp.gzip} B | |`,
  )
  for (const { name, alone, added } of await measureSubpaths())
    console.log(
      `| @walletframe/sdk/${name} entry alone; added to a page with the core (min+gzip) | ${alone.gzip} B; +${added.gzip} B | peer dependencies not counted |`,
    )
}
