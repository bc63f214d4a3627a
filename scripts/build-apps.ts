// Builds the frame and the demo (Vite) once; `npm start` and the e2e specs serve the results.

import { fileURLToPath } from 'node:url'
import { build } from 'vite'

export const repoRoot = fileURLToPath(new URL('..', import.meta.url))
// WALLETFRAME_DIST_DIR builds elsewhere than each app's dist/, so two checkouts' test runs sharing
// one work tree do not overwrite each other's build mid-run.
const distRoot = process.env.WALLETFRAME_DIST_DIR
export const frameDist = distRoot ? `${distRoot}/frame` : `${repoRoot}apps/frame/dist`
export const demoDist = distRoot ? `${distRoot}/demo` : `${repoRoot}apps/sdk-demo/dist`

export async function buildApps(options: { quiet?: boolean } = {}) {
  const logLevel = options.quiet ? 'error' : 'warn'
  await build({
    root: `${repoRoot}apps/frame`,
    configFile: `${repoRoot}apps/frame/vite.config.ts`,
    logLevel,
    build: { outDir: frameDist, emptyOutDir: true },
  })
  await build({
    root: `${repoRoot}apps/sdk-demo`,
    configFile: `${repoRoot}apps/sdk-demo/vite.config.ts`,
    logLevel,
    build: { outDir: demoDist, emptyOutDir: true },
  })
}
