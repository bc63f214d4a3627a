import { describe, expect, it } from 'vitest'
import { ChainNetwork } from '../chains.js'
import { bitcoinNetworks } from './bitcoin.js'
import { builtinNetworks, getBuiltinNetwork } from './catalog.js'
import { evmNetworks } from './evm.js'
import { solanaNetworks } from './solana.js'

describe('builtinNetworks', () => {
  for (const network of builtinNetworks)
    it(`${network.caipNetworkId} (${network.name}) is a valid ChainNetwork named by its id`, () => {
      expect(ChainNetwork.parse(network)).toEqual(network)
      expect(network.caipNetworkId).toBe(`${network.chainNamespace}:${network.id}`)
    })

  it('has about 25 EVM chains including the Coinbase-supported ones, 3 Solana and 2 Bitcoin', () => {
    expect(evmNetworks.length).toBe(25)
    const coinbase = [1, 42161, 137, 80094, 43114, 10, 42220, 8453]
    expect(coinbase.filter((id) => !getBuiltinNetwork(`eip155:${id}`))).toEqual([])
    expect(solanaNetworks.map((network) => network.caipNetworkId)).toEqual([
      'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
      'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
    ])
    expect(bitcoinNetworks.map((network) => network.caipNetworkId)).toEqual([
      'bip122:000000000019d6689c085ae165831e93',
      'bip122:000000000933ea01ad0ee984209779ba',
    ])
  })

  it('holds each id once', () => {
    const ids = builtinNetworks.map((network) => network.caipNetworkId)
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('takes EVM details from viem: multicall3, explorer, testnet flag', () => {
    const base = getBuiltinNetwork('eip155:8453')
    expect(base).toMatchObject({
      chainNamespace: 'eip155',
      id: 8453,
      name: 'Base',
      nativeCurrency: { symbol: 'ETH', decimals: 18 },
      testnet: false,
      contracts: { multicall3: '0xca11bde05977b3631167028862be2a173976ca11' },
      blockExplorers: { default: { url: 'https://basescan.org' } },
    })
    expect(getBuiltinNetwork('eip155:84532')?.testnet).toBe(true)
  })

  it('gives SOL 9 decimals and BTC 8', () => {
    for (const network of solanaNetworks)
      expect(network.nativeCurrency).toMatchObject({ symbol: 'SOL', decimals: 9 })
    for (const network of bitcoinNetworks)
      expect(network.nativeCurrency).toMatchObject({ symbol: 'BTC', decimals: 8 })
    expect(getBuiltinNetwork('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')?.rpcUrls.default.http).toEqual([
      'https://api.mainnet-beta.solana.com',
    ])
  })

  it('cannot be changed by a caller', () => {
    const mainnet = getBuiltinNetwork('eip155:1')!
    expect(() => {
      mainnet.rpcUrls.default.http.push('https://example.com')
    }).toThrow(TypeError)
  })
})

describe('getBuiltinNetwork', () => {
  it('returns undefined for an id outside the catalog', () => {
    expect(getBuiltinNetwork('eip155:31337')).toBeUndefined()
  })
})
