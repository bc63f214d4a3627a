// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { entryInputs } from '../../scripts/entryInputs.js'

describe('@walletframe/sdk/wagmi', () => {
  it('stays out of the core entry: a page that bundles the SDK gets neither it nor wagmi', async () => {
    // The same filter finds the subpath in a bundle of its own entry.
    expect((await entryInputs('wagmi/index.ts')).filter((path) => path.includes('/wagmi/'))).not.toEqual([])
    const inputs = await entryInputs()
    expect(inputs.some((path) => path.endsWith('src/index.ts'))).toBe(true)
    expect(inputs.filter((path) => path.includes('/wagmi/') || path.includes('node_modules/viem/'))).toEqual(
      [],
    )
  })

  it('exports the connector factory, which wagmi recognises by its type', async () => {
    const { walletframe } = await import('./index.js')
    expect(walletframe.type).toBe('walletframe')
    expect(typeof walletframe).toBe('function')
  })
})
