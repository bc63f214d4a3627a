// Builds the frame and the demo (Vite) once; `npm start` and the e2e specs serve the results.

import { fileURLToPath } from 'node:url'
import { build } from 'vite'

export const repoRoot = fileURLToPath(new URL('..', import.meta.url))
export const frameDist = `${repoRoot}apps/frame/dist`
export const demoDist = `${repoRoot}apps/sdk-demo/dist`

export async function buildApps(options: { quiet?: boolean } = {}) {
  const logLevel = options.quiet ? 'error' : 'warn'
  await build({ root: `${repoRoot}apps/frame`, configFile: `${repoRoot}apps/frame/vite.config.ts`, logLevel })
  await build({
    root: `${repoRoot}apps/sdk-demo`,
    configFile: `${repoRoot}apps/sdk-demo/vite.config.ts`,
    logLevel,
  })
}
