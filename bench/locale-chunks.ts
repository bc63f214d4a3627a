// The frame's language catalogs as a browser fetches them: for each locale, the chunk that holds
// its messages (found by the source map naming its catalog module), min and gzip -9 as a CDN would
// serve it. English's first-paint messages are in the boot chunk (bench/frame-cold.ts counts them);
// its later views' messages are the `en (views)` chunk. Numbers for the README, never test assertions.
// Usage: npx tsx bench/locale-chunks.ts
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { buildApps, frameDist } from '../scripts/build-apps.js'

/** Each catalog module, by the name the table gives it. */
const catalogs: Record<string, string> = {
  'en (views)': 'src/locale/en/views.ts',
  ...Object.fromEntries(
    ['es', 'pt-BR', 'fr', 'de', 'tr', 'ru', 'uk', 'ja', 'ko', 'zh-CN', 'ar'].map((locale) => [
      locale,
      `src/locale/${locale}.ts`,
    ]),
  ),
}

await buildApps({ quiet: true })
const assets = join(frameDist, 'assets')
const maps = (await readdir(assets)).filter((name) => name.endsWith('.js.map'))
const sourcesOf = new Map<string, string[]>()
for (const map of maps) {
  const { sources } = JSON.parse(await readFile(join(assets, map), 'utf8')) as { sources: string[] }
  sourcesOf.set(map.slice(0, -'.map'.length), sources)
}

const rows: string[] = []
for (const [name, module] of Object.entries(catalogs)) {
  const chunks = [...sourcesOf].filter(([, sources]) => sources.some((source) => source.endsWith(module)))
  if (chunks.length !== 1) throw new Error(`${module} is in ${chunks.length} chunks, not one`)
  const [file, sources] = chunks[0] as [string, string[]]
  const code = await readFile(join(assets, file))
  const gzip = gzipSync(code, { level: 9 }).length
  const alone = sources.length === 1 ? '' : ` (with ${sources.length - 1} other modules)`
  rows.push(`| ${name} | ${code.length.toLocaleString('en')} B / ${gzip.toLocaleString('en')} B${alone} |`)
}
console.log('| Locale catalog chunk | min / min+gzip |\n| --- | --- |')
console.log(rows.join('\n'))
