// Builds the frame and the demo (Vite); `npm start` and the e2e specs serve the results. A build whose
// inputs have not changed since the last one into the same directory is reused: a second `npm start`
// or test run does not wait for the bundler.

import { createHash } from 'node:crypto'
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const repoRoot = fileURLToPath(new URL('..', import.meta.url))
// WALLETFRAME_DIST_DIR builds elsewhere than each app's dist/, so two checkouts' test runs sharing
// one work tree do not overwrite each other's build mid-run.
const distRoot = process.env.WALLETFRAME_DIST_DIR
export const frameDist = distRoot ? `${distRoot}/frame` : `${repoRoot}apps/frame/dist`
export const demoDist = distRoot ? `${distRoot}/demo` : `${repoRoot}apps/sdk-demo/dist`

/** Where the digest of each build's inputs is kept, by output directory (outside it: it is deployed whole). */
const stampDir = `${repoRoot}node_modules/.cache/walletframe-builds`

type App = { name: string; root: string; outDir: string; inputs: string[] }

const apps: App[] = [
  {
    name: 'frame',
    root: `${repoRoot}apps/frame`,
    outDir: frameDist,
    inputs: ['apps/frame', 'packages/protocol'],
  },
  {
    name: 'demo',
    root: `${repoRoot}apps/sdk-demo`,
    outDir: demoDist,
    inputs: ['apps/sdk-demo', 'packages/sdk', 'packages/protocol'],
  },
]

/** Directories a build never reads: outputs, installed packages, test artifacts. */
const skipped = new Set(['node_modules', 'dist', 'test-results'])

/** Every file under `dir` (sorted, so the digest does not depend on directory order). */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true })
  const files: string[] = []
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (skipped.has(entry.name)) continue
    const path = join(dir, entry.name)
    // Hidden directories are tools' caches; hidden files (.env) are read by the build.
    if (entry.isDirectory()) {
      if (!entry.name.startsWith('.')) files.push(...(await filesUnder(path)))
    } else if (entry.isFile()) files.push(path)
  }
  return files
}

/**
 * A digest of the app's sources and the workspace packages it bundles, the lockfile, the `VITE_`
 * variables the build reads from the environment, and the output directory.
 */
export async function inputsDigest(app: App): Promise<string> {
  const env = Object.entries(process.env).filter(([name]) => name.startsWith('VITE_'))
  const hash = createHash('sha256').update(app.outDir).update(JSON.stringify(env.sort()))
  const files = [`${repoRoot}package-lock.json`]
  for (const input of app.inputs) files.push(...(await filesUnder(`${repoRoot}${input}`)))
  for (const file of files)
    hash
      .update(file)
      .update('\0')
      .update(await readFile(file))
      .update('\0')
  return hash.digest('hex')
}

function stampOf(app: App): string {
  return `${stampDir}/${createHash('sha256').update(app.outDir).digest('hex').slice(0, 16)}`
}

async function lastDigest(app: App): Promise<string | undefined> {
  try {
    // A stamp without its output (a deleted dist/) does not count.
    await readdir(app.outDir)
    return await readFile(stampOf(app), 'utf8')
  } catch {
    return undefined
  }
}

/** Builds each app whose inputs changed since its last build; answers which were built. */
export async function buildApps(options: { quiet?: boolean; force?: boolean } = {}): Promise<string[]> {
  const logLevel = options.quiet ? 'error' : 'warn'
  const built: string[] = []
  for (const app of apps) {
    const digest = await inputsDigest(app)
    if (!options.force && (await lastDigest(app)) === digest) continue
    // Loaded only for a build: a run that reuses the last one does not pay for the bundler's import.
    const { build } = await import('vite')
    await build({
      root: app.root,
      configFile: `${app.root}/vite.config.ts`,
      logLevel,
      build: { outDir: app.outDir, emptyOutDir: true },
    })
    await mkdir(stampDir, { recursive: true })
    await writeFile(stampOf(app), digest)
    built.push(app.name)
  }
  return built
}
