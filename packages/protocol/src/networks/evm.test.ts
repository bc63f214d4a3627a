import { describe, expect, it } from 'vitest'
import { ChainNetwork } from '../chains.js'
import { evmNetworks } from './evm.js'
import { fromViemChains } from './viemChains.js'

describe('evmNetworks', () => {
  it("is what viem's chain definitions give today (regenerate with scripts/evm-networks.ts (repo root))", () => {
    expect(evmNetworks).toEqual(fromViemChains())
  })

  it('holds valid networks with eip155 ids that match their chain id', () => {
    for (const network of evmNetworks) {
      expect(ChainNetwork.parse(network)).toEqual(network)
      expect(network.caipNetworkId).toBe(`eip155:${network.id}`)
    }
  })
})
