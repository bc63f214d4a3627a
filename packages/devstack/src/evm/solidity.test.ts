import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { artifacts } from './artifacts.js'
import { artifactPath, compile, serialize, vendoredDigest } from './solidity.js'

describe('compile', () => {
  it("reproduces the committed artifacts of the devstack's own contracts", () => {
    const compiled = compile({ vendored: false })
    expect(compiled.map((artifact) => artifact.contractName)).toContain('Drainer')
    for (const artifact of compiled)
      expect(serialize(artifact)).toBe(readFileSync(artifactPath(artifact.contractName), 'utf8'))
  })

  it('builds Permit2 from the vendored sources as they are now', () => {
    // Recompiling it takes tens of seconds; the digest proves the artifact's sources are these files.
    const artifact = JSON.parse(readFileSync(artifactPath('Permit2'), 'utf8')) as { sourceDigest?: string }
    expect(artifact.sourceDigest).toBe(vendoredDigest())
  })

  it('tells where Permit2 keeps the immutables its constructor sets, by name', () => {
    const { immutableReferences } = artifacts.permit2()
    expect(Object.keys(immutableReferences).sort()).toEqual(['_CACHED_CHAIN_ID', '_CACHED_DOMAIN_SEPARATOR'])
  })
})
