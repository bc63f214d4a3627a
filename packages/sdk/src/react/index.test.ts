// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { entryInputs } from '../../scripts/entryInputs.js'

describe('@walletframe/sdk/react', () => {
  it('stays out of the core entry: a page that bundles the SDK gets neither it nor React', async () => {
    // The same filter finds the subpath in a bundle of its own entry.
    expect((await entryInputs('react/index.ts')).filter((path) => path.includes('/react/'))).not.toEqual([])
    const inputs = await entryInputs()
    expect(inputs.some((path) => path.endsWith('src/index.ts'))).toBe(true)
    expect(
      inputs.filter((path) => path.includes('/react/') || /node_modules\/react(-dom)?\//.test(path)),
    ).toEqual([])
  })
})
