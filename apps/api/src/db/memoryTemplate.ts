// An in-memory PGlite database (the tests', the benches' and the end-to-end API's) starts from a
// template instead of from nothing: the engine's WebAssembly compiled once per process, and a data
// directory already initialised and migrated, kept as a tarball on disk so every process reuses it.
// From nothing, initdb and the migrations cost about 5 s of CPU per database (far more wall time on a
// busy machine); from the template, under 1 s. The tarball's name is a digest of the PGlite version and
// of every migration file, so a new migration or engine makes a new template, never a stale one. It
// lives under the project's own node_modules/.cache (the user's, not a shared temporary directory where
// another account could plant one); when that cannot be written, the template stays in memory.
import { createHash, randomBytes } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { PGlite, type PGliteOptions } from '@electric-sql/pglite'

export type Template = Pick<
  PGliteOptions,
  'pgliteWasmModule' | 'initdbWasmModule' | 'fsBundle' | 'loadDataDir'
>

let template: Promise<Template> | undefined

/** Node's WebAssembly global (the API's TypeScript settings leave the DOM's declaration of it out). */
const wasm = (
  globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WebAssembly.Module> } }
).WebAssembly

/** The options that start an in-memory PGlite from the migrated template (made on first use). */
export function memoryTemplate(
  migrationsFolder: string,
  migrate: (client: PGlite) => Promise<void>,
): Promise<Template> {
  template ??= make(migrationsFolder, migrate).catch((error: unknown) => {
    template = undefined
    throw error
  })
  return template
}

async function make(migrationsFolder: string, migrate: (client: PGlite) => Promise<void>): Promise<Template> {
  const dist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'))
  const [pgliteWasmModule, initdbWasmModule] = await Promise.all([
    wasm.compile(readFileSync(join(dist, 'pglite.wasm'))),
    wasm.compile(readFileSync(join(dist, 'initdb.wasm'))),
  ])
  const engine: Template = {
    pgliteWasmModule,
    initdbWasmModule,
    fsBundle: new Blob([readFileSync(join(dist, 'pglite.data'))]),
  }
  const file = join(cacheDir(dist), `pglite-${digest(dist, migrationsFolder)}.tar`)
  const cached = readOrUndefined(file)
  if (cached) return { ...engine, loadDataDir: new Blob([cached]) }

  const client = new PGlite(engine)
  try {
    await migrate(client)
    const tarball = await client.dumpDataDir('none')
    writeAtomically(file, new Uint8Array(await tarball.arrayBuffer()))
    return { ...engine, loadDataDir: tarball }
  } finally {
    await client.close()
  }
}

function digest(dist: string, migrationsFolder: string): string {
  const hash = createHash('sha256').update(readFileSync(join(dist, '..', 'package.json')))
  hash.update(readFileSync(join(migrationsFolder, 'meta', '_journal.json')))
  for (const name of readdirSync(migrationsFolder).sort()) {
    if (name.endsWith('.sql')) hash.update(name).update(readFileSync(join(migrationsFolder, name)))
  }
  return hash.digest('hex').slice(0, 32)
}

/** node_modules/.cache beside the installed PGlite (…/node_modules/@electric-sql/pglite/dist). */
function cacheDir(dist: string): string {
  return join(dist, '..', '..', '..', '.cache', 'walletframe-pglite')
}

function readOrUndefined(file: string): Buffer | undefined {
  try {
    return readFileSync(file)
  } catch {
    return undefined
  }
}

/** Written under a temporary name and renamed: a reader never sees half a tarball. */
function writeAtomically(file: string, bytes: Uint8Array): void {
  try {
    mkdirSync(dirname(file), { recursive: true })
    const temporary = `${file}.${randomBytes(6).toString('hex')}`
    writeFileSync(temporary, bytes)
    renameSync(temporary, file)
  } catch {
    // A read-only install keeps the template in this process only.
  }
}
