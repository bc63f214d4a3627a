// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { entryInputs } from '../../scripts/entryInputs.js'

describe('@walletframe/sdk/server', () => {
  it('stays out of the core entry: a page that bundles the SDK gets neither it nor viem', async () => {
    const inputs = await entryInputs()
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
