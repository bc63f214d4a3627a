import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type App, inputsDigest, isBuilt, markBuilt } from './build-apps.js'

let dir: string
let app: Pick<App, 'inputs' | 'outDir' | 'stamp'>

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'build-apps-'))
  await mkdir(join(dir, 'app/src'), { recursive: true })
  await writeFile(join(dir, 'app/src/main.ts'), 'export const a = 1\n')
  await writeFile(join(dir, 'app/index.html'), '<div id="root"></div>\n')
  await writeFile(join(dir, 'package-lock.json'), '{}\n')
  await mkdir(join(dir, 'out'))
  app = {
    inputs: [join(dir, 'package-lock.json'), join(dir, 'app')],
    outDir: join(dir, 'out'),
    stamp: join(dir, 'cache/stamp'),
  }
})
afterEach(() => rm(dir, { recursive: true, force: true }))

/** Whether the last build (marked below) is reused as the inputs now are. */
async function reused(env: NodeJS.ProcessEnv = {}): Promise<boolean> {
  return isBuilt(app, await inputsDigest(app, env))
}

describe('isBuilt', () => {
  it('rebuilds what was never built', async () => {
    expect(await reused()).toBe(false)
  })

  it('reuses the build while no input changed, a touched file included', async () => {
    await markBuilt(app, await inputsDigest(app, {}))
    expect(await reused()).toBe(true)
    const later = new Date(Date.now() + 60_000)
    await utimes(join(dir, 'app/src/main.ts'), later, later)
    expect(await reused()).toBe(true)
  })

  it('rebuilds when a source changes, and reuses again once it is back as it was', async () => {
    await markBuilt(app, await inputsDigest(app, {}))
    await writeFile(join(dir, 'app/src/main.ts'), 'export const a = 2\n')
    expect(await reused()).toBe(false)
    await writeFile(join(dir, 'app/src/main.ts'), 'export const a = 1\n')
    expect(await reused()).toBe(true)
  })

  it('rebuilds when a file is added, renamed or removed', async () => {
    await markBuilt(app, await inputsDigest(app, {}))
    await writeFile(join(dir, 'app/src/extra.ts'), '')
    expect(await reused()).toBe(false)
    await rm(join(dir, 'app/src/extra.ts'))
    expect(await reused()).toBe(true)
    await rm(join(dir, 'app/index.html'))
    await writeFile(join(dir, 'app/home.html'), '<div id="root"></div>\n')
    expect(await reused()).toBe(false)
  })

  it('rebuilds when the lockfile, a hidden file the build reads or a VITE_ variable changes', async () => {
    await markBuilt(app, await inputsDigest(app, {}))
    await writeFile(join(dir, 'app/.env'), 'VITE_API=http://127.0.0.1:1\n')
    expect(await reused()).toBe(false)
    await rm(join(dir, 'app/.env'))
    expect(await reused({ VITE_API: 'http://127.0.0.1:1' })).toBe(false)
    expect(await reused({ OTHER: 'x' })).toBe(true)
    await writeFile(join(dir, 'package-lock.json'), '{"lockfileVersion":3}\n')
    expect(await reused()).toBe(false)
  })

  it('does not count installed packages, outputs or tool caches under an input', async () => {
    await markBuilt(app, await inputsDigest(app, {}))
    for (const skipped of ['node_modules/x', 'dist', 'test-results', '.vite']) {
      await mkdir(join(dir, 'app', skipped), { recursive: true })
      await writeFile(join(dir, 'app', skipped, 'file.js'), 'changed')
    }
    expect(await reused()).toBe(true)
  })

  it('rebuilds when the output is gone, or was built into another directory', async () => {
    await markBuilt(app, await inputsDigest(app, {}))
    // The digest counts the output directory: a build into another one is not this one.
    expect(await isBuilt(app, await inputsDigest({ ...app, outDir: join(dir, 'elsewhere') }, {}))).toBe(false)
    await rm(join(dir, 'out'), { recursive: true })
    expect(await reused()).toBe(false)
  })
})
