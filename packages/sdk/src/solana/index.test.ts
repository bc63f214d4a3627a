// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { entryInputs } from '../../scripts/entryInputs.js'

describe('@walletframe/sdk/solana', () => {
  it('stays out of the core entry: a page that bundles the SDK gets neither it nor wallet-standard', async () => {
    // The same filter finds the subpath in a bundle of its own entry.
    expect(
      (await entryInputs('solana/index.ts')).filter((path) => path.includes('@wallet-standard/')),
    ).not.toEqual([])
    const inputs = await entryInputs()
    expect(inputs.some((path) => path.endsWith('src/index.ts'))).toBe(true)
    expect(
      inputs.filter(
        (path) =>
          path.includes('/solana/') || path.includes('@wallet-standard/') || path.includes('/server/'),
      ),
    ).toEqual([])
  })
})
