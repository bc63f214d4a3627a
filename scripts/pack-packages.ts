// Packs the published packages (@walletframe/protocol, @walletframe/sdk) as npm would publish them.
// In the work tree their `exports` point at src/*.ts (the workspaces and tests run the sources);
// what the registry gets is in `publishConfig`. npm, unlike pnpm and yarn, applies only registry
// settings from publishConfig, so each package is built, then packed from a staging copy of its
// manifest with publishConfig's package fields applied and nothing the registry has no use for.
// Usage: npx tsx scripts/pack-packages.ts [outDir]   (prints the tarballs' paths)
import { execFileSync } from 'node:child_process'
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export const repoRoot = fileURLToPath(new URL('..', import.meta.url))

/** The packages a host installs, in dependency order. */
export const published = [
  { name: '@walletframe/protocol', dir: 'packages/protocol' },
  { name: '@walletframe/sdk', dir: 'packages/sdk' },
] as const

/** Manifest fields publishConfig may set for the published package (as pnpm and yarn apply them). */
const packageFields = [
  'exports',
  'main',
  'module',
  'types',
  'typings',
  'bin',
  'sideEffects',
  'browser',
] as const

type Manifest = Record<string, unknown> & {
  name: string
  version: string
  files?: string[]
  scripts?: Record<string, string>
  publishConfig?: Record<string, unknown>
}

/** The manifest as published: publishConfig's package fields applied, development-only fields dropped. */
export function publishedManifest(manifest: Manifest): Manifest {
  const { publishConfig = {}, devDependencies: _dev, scripts: _scripts, ...rest } = manifest
  const applied: Manifest = { ...rest }
  const registrySettings: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(publishConfig)) {
    if ((packageFields as readonly string[]).includes(key)) applied[key] = value
    else registrySettings[key] = value
  }
  if (Object.keys(registrySettings).length > 0) applied.publishConfig = registrySettings
  return applied
}

const npm = (args: string[], cwd: string) =>
  execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] })

const lockDir = join(repoRoot, 'node_modules', '.cache', 'walletframe-pack.lock')
/** A lock older than this was left by a process that died holding it. */
const staleLockMs = 5 * 60_000

/**
 * Runs `fn` while no other process of this checkout packs: a build writes the package's dist/ in
 * place, and `npm test` runs the package check beside the end-to-end specs, one of which packs too.
 */
function whileLocked<T>(fn: () => T): T {
  mkdirSync(dirname(lockDir), { recursive: true })
  const nap = new Int32Array(new SharedArrayBuffer(4))
  for (;;) {
    try {
      mkdirSync(lockDir)
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      let held: number
      try {
        held = Date.now() - statSync(lockDir).mtimeMs
      } catch {
        continue
      }
      if (held > staleLockMs) rmSync(lockDir, { recursive: true, force: true })
      else Atomics.wait(nap, 0, 0, 200)
    }
  }
  try {
    return fn()
  } finally {
    rmSync(lockDir, { recursive: true, force: true })
  }
}

/** Builds (unless `build` is false) and packs one package into `outDir`; returns the tarball's path. */
function pack(dir: string, outDir: string, options: { build?: boolean }): string {
  const packageDir = join(repoRoot, dir)
  const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as Manifest
  if (options.build !== false && manifest.scripts?.build) npm(['run', 'build', '--silent'], packageDir)
  const staging = mkdtempSync(join(tmpdir(), 'walletframe-pack-'))
  try {
    writeFileSync(join(staging, 'package.json'), `${JSON.stringify(publishedManifest(manifest), null, 2)}\n`)
    for (const entry of [...(manifest.files ?? []), 'README.md', 'LICENSE'])
      if (existsSync(join(packageDir, entry)))
        cpSync(join(packageDir, entry), join(staging, entry), { recursive: true })
    mkdirSync(outDir, { recursive: true })
    const [packed] = JSON.parse(npm(['pack', '--json', '--pack-destination', resolve(outDir)], staging)) as {
      filename: string
    }[]
    if (!packed) throw new Error(`npm pack produced nothing for ${manifest.name}`)
    return join(resolve(outDir), packed.filename)
  } finally {
    rmSync(staging, { recursive: true, force: true })
  }
}

/** Packs every published package into `outDir`; returns the tarballs by package name. */
export function packAll(outDir: string, options: { build?: boolean } = {}): Record<string, string> {
  return whileLocked(() =>
    Object.fromEntries(published.map(({ name, dir }) => [name, pack(dir, outDir, options)])),
  )
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = process.argv[2] ?? join(repoRoot, 'dist', 'packages')
  for (const tarball of Object.values(packAll(outDir))) console.log(tarball)
}
