import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { artifacts } from './artifacts.js'
import { artifactPath, compile, serialize } from './solidity.js'

describe('compile', () => {
  // Permit2 goes through solc's IR pipeline with a million optimizer runs, in WebAssembly: tens of seconds.
  it('reproduces the committed artifacts of every contract under contracts/', { timeout: 180_000 }, () => {
    const compiled = compile()
    expect(compiled.map((artifact) => artifact.contractName)).toContain('Permit2')
    for (const artifact of compiled)
      expect(serialize(artifact)).toBe(readFileSync(artifactPath(artifact.contractName), 'utf8'))
  })

  it('tells where Permit2 keeps the immutables its constructor sets, by name', () => {
    const { immutableReferences } = artifacts.permit2()
    expect(Object.keys(immutableReferences).sort()).toEqual(['_CACHED_CHAIN_ID', '_CACHED_DOMAIN_SEPARATOR'])
  })
})
