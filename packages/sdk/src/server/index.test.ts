// @vitest-environment node
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'

describe('@walletframe/sdk/server', () => {
  it('stays out of the core entry: a page that bundles the SDK gets neither it nor viem', async () => {
    const result = await build({
      entryPoints: [fileURLToPath(new URL('../index.ts', import.meta.url))],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      splitting: true,
      outdir: 'out',
      write: false,
      metafile: true,
      logLevel: 'silent',
    })
    const inputs = Object.keys(result.metafile.inputs)
    expect(inputs.some((path) => path.includes('src/index.ts'))).toBe(true)
    expect(inputs.filter((path) => path.includes('/server/') || path.includes('node_modules/viem/'))).toEqual(
      [],
    )
  })

  it('exports verifySession and its error class', async () => {
    const server = await import('./index.js')
    expect(typeof server.verifySession).toBe('function')
    expect(new server.SessionVerificationError('EXPIRED', 'expired').code).toBe('EXPIRED')
    expect(server.sessionVerificationErrorCodes).toContain('NONCE_REJECTED')
  })
})
