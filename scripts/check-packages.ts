// `npm test` step: packs @walletframe/protocol and @walletframe/sdk as they would be published
// (scripts/pack-packages.ts) and checks the tarballs: every `exports` target is a built file inside
// the tarball (ESM JavaScript with its declarations, never src/*.ts), `sideEffects` is declared,
// publint (strict) finds nothing, and Are the Types Wrong finds nothing for an ESM-only package
// (node16 from ESM and bundler resolution). Exits non-zero with every problem listed.
// Usage: npx tsx scripts/check-packages.ts
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { packAll } from './pack-packages.js'

type Manifest = { name: string; exports: Record<string, unknown>; sideEffects?: unknown; type?: string }

/** The files a package's `exports` map points at, with the condition that names each. */
export function exportTargets(
  exports: Record<string, unknown>,
): { subpath: string; condition: string; file: string }[] {
  const found: { subpath: string; condition: string; file: string }[] = []
  const walk = (subpath: string, condition: string, value: unknown) => {
    if (typeof value === 'string') found.push({ subpath, condition, file: value })
    else if (value && typeof value === 'object')
      for (const [key, inner] of Object.entries(value)) walk(subpath, key, inner)
  }
  for (const [subpath, value] of Object.entries(exports)) walk(subpath, 'default', value)
  return found
}

/** What is wrong with a packed manifest and its file list (empty when nothing is). */
export function manifestProblems(manifest: Manifest, files: ReadonlySet<string>): string[] {
  const problems: string[] = []
  if (manifest.type !== 'module') problems.push(`${manifest.name}: "type" is not "module"`)
  if (manifest.sideEffects === undefined) problems.push(`${manifest.name}: no "sideEffects" field`)
  const targets = exportTargets(manifest.exports ?? {})
  if (targets.length === 0) problems.push(`${manifest.name}: no "exports"`)
  for (const { subpath, condition, file } of targets) {
    const where = `${manifest.name} exports["${subpath}"].${condition} = ${file}`
    if (!file.startsWith('./dist/')) problems.push(`${where}: not a built file in dist/`)
    if (!files.has(file.slice(2))) problems.push(`${where}: missing from the tarball`)
    if (condition === 'types' && !file.endsWith('.d.ts')) problems.push(`${where}: types are not a .d.ts`)
    if (condition === 'default' && !/\.(js|json)$/.test(file)) problems.push(`${where}: not JavaScript`)
  }
  for (const file of files)
    if (/^src\//.test(file) || (/\.ts$/.test(file) && !/\.d\.ts$/.test(file)))
      problems.push(`${manifest.name}: ships source ${file}`)
  return problems
}

const tar = (tarball: string, ...args: string[]) =>
  execFileSync('tar', ['-xzf', tarball, ...args], { encoding: 'utf8' })
const run = (command: string, args: string[]) => {
  try {
    execFileSync('npx', [command, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
    return undefined
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string }
    return `${command} ${args.join(' ')}:\n${stdout}${stderr}`
  }
}

export function check(outDir: string): string[] {
  const problems: string[] = []
  for (const [name, tarball] of Object.entries(packAll(outDir))) {
    const listing = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' })
    const files = new Set(
      listing
        .split('\n')
        .filter(Boolean)
        .map((file) => file.replace(/^package\//, '')),
    )
    const manifest = JSON.parse(tar(tarball, '-O', 'package/package.json')) as Manifest
    problems.push(...manifestProblems(manifest, files))
    const publint = run('publint', ['run', tarball, '--strict'])
    if (publint) problems.push(`${name}: ${publint}`)
    // ESM only, on purpose: CommonJS `require` and node10 resolution are not offered.
    const attw = run('attw', [tarball, '--profile', 'esm-only', '--format', 'ascii'])
    if (attw) problems.push(`${name}: ${attw}`)
  }
  return problems
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const outDir = mkdtempSync(join(tmpdir(), 'walletframe-packages-'))
  try {
    const problems = check(outDir)
    if (problems.length > 0) {
      console.error(problems.join('\n'))
      process.exit(1)
    }
    console.log('@walletframe/protocol and @walletframe/sdk: packed, publint and attw clean')
  } finally {
    rmSync(outDir, { recursive: true, force: true })
  }
}
