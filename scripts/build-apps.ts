// Builds the frame and the demo (Vite); `npm start` and the e2e specs serve the results. A build whose
// inputs have not changed since the last one into the same directory is reused: a second `npm start`
// or test run does not wait for the bundler.

import { createHash } from 'node:crypto'
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const repoRoot = fileURLToPath(new URL('..', import.meta.url))
// WALLETFRAME_DIST_DIR builds elsewhere than each app's dist/, so two checkouts' test runs sharing
// one work tree do not overwrite each other's build mid-run.
const distRoot = process.env.WALLETFRAME_DIST_DIR
export const frameDist = distRoot ? `${distRoot}/frame` : `${repoRoot}apps/frame/dist`
export const demoDist = distRoot ? `${distRoot}/demo` : `${repoRoot}apps/sdk-demo/dist`

/** Where the digest of each build's inputs is kept, by output directory (outside it: it is deployed whole). */
const stampDir = `${repoRoot}node_modules/.cache/walletframe-builds`

/** One app's build: what it reads and where its output and the digest of its inputs go. */
export type App = {
  name: string
  root: string
  outDir: string
  /** Files and directories (absolute) the build reads. */
  inputs: string[]
  /** The file the digest of the inputs of the output in `outDir` is kept in. */
  stamp: string
}

function stampOf(outDir: string): string {
  return `${stampDir}/${createHash('sha256').update(outDir).digest('hex').slice(0, 16)}`
}

const apps: App[] = [
  {
    name: 'frame',
    root: `${repoRoot}apps/frame`,
    outDir: frameDist,
    inputs: ['package-lock.json', 'apps/frame', 'packages/protocol'].map((input) => `${repoRoot}${input}`),
    stamp: stampOf(frameDist),
  },
  {
    name: 'demo',
    root: `${repoRoot}apps/sdk-demo`,
    outDir: demoDist,
    inputs: ['package-lock.json', 'apps/sdk-demo', 'packages/sdk', 'packages/protocol'].map(
      (input) => `${repoRoot}${input}`,
    ),
    stamp: stampOf(demoDist),
  },
]

/** Directories a build never reads: outputs, installed packages, test artifacts. */
const skipped = new Set(['node_modules', 'dist', 'test-results'])

/** `path` if it is a file, else every file under it (sorted, so the digest does not depend on directory order). */
async function filesUnder(path: string): Promise<string[]> {
  if (!(await stat(path)).isDirectory()) return [path]
  const entries = await readdir(path, { withFileTypes: true })
  const files: string[] = []
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (skipped.has(entry.name)) continue
    const child = join(path, entry.name)
    // Hidden directories are tools' caches; hidden files (.env) are read by the build.
    if (entry.isDirectory()) {
      if (!entry.name.startsWith('.')) files.push(...(await filesUnder(child)))
    } else if (entry.isFile()) files.push(child)
  }
  return files
}

/**
 * A digest of the app's inputs (its sources, the workspace packages it bundles, the lockfile), the
 * `VITE_` variables the build reads from the environment, and the output directory.
 */
export async function inputsDigest(
  app: Pick<App, 'inputs' | 'outDir'>,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string> {
  const variables = Object.entries(env).filter(([name]) => name.startsWith('VITE_'))
  const hash = createHash('sha256').update(app.outDir).update(JSON.stringify(variables.sort()))
  for (const input of app.inputs)
    for (const file of await filesUnder(input))
      hash
        .update(file)
        .update('\0')
        .update(await readFile(file))
        .update('\0')
  return hash.digest('hex')
}

/**
 * Whether the output in `app.outDir` was built from inputs whose digest is `digest`: its stamp says
 * so and the output is still there (a stamp without its output, a deleted dist/, does not count).
 */
export async function isBuilt(app: Pick<App, 'outDir' | 'stamp'>, digest: string): Promise<boolean> {
  try {
    await readdir(app.outDir)
    return (await readFile(app.stamp, 'utf8')) === digest
  } catch {
    return false
  }
}

/** Records that the output in `app.outDir` is built from inputs whose digest is `digest`. */
export async function markBuilt(app: Pick<App, 'stamp'>, digest: string): Promise<void> {
  await mkdir(dirname(app.stamp), { recursive: true })
  await writeFile(app.stamp, digest)
}

/** Builds each app whose inputs changed since its last build; answers which were built. */
export async function buildApps(options: { quiet?: boolean; force?: boolean } = {}): Promise<string[]> {
  const logLevel = options.quiet ? 'error' : 'warn'
  const built: string[] = []
  for (const app of apps) {
    const digest = await inputsDigest(app)
    if (!options.force && (await isBuilt(app, digest))) continue
    // Loaded only for a build: a run that reuses the last one does not pay for the bundler's import.
    const { build } = await import('vite')
    await build({
      root: app.root,
      configFile: `${app.root}/vite.config.ts`,
      logLevel,
      build: { outDir: app.outDir, emptyOutDir: true },
    })
    await markBuilt(app, digest)
    built.push(app.name)
  }
  return built
}
