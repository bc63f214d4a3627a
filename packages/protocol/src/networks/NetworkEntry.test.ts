import { describe, expect, it } from 'vitest'
import type { ChainNetwork } from '../chains.js'
import { getBuiltinNetwork } from './catalog.js'
import { NetworkEntries, NetworkEntry, resolveNetworks } from './NetworkEntry.js'

const local = { default: { http: ['http://127.0.0.1:1'] } }

const anvil: ChainNetwork = {
  caipNetworkId: 'eip155:31337',
  chainNamespace: 'eip155',
  id: 31337,
  name: 'Anvil',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: local,
  testnet: true,
  contracts: {},
  tokens: [],
  nfts: [],
}

function messages(input: unknown): string[] {
  const result = NetworkEntries.safeParse(input)
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
}

describe('NetworkEntry', () => {
  it('resolves a built-in CAIP-2 id to the built-in network', () => {
    expect(NetworkEntry.parse('eip155:8453')).toEqual(getBuiltinNetwork('eip155:8453'))
  })

  it('returns a copy the caller may change', () => {
    const base = NetworkEntry.parse('eip155:8453')
    base.tokens.push({ address: '0x1', symbol: 'T', name: 'T', decimals: 18, priceUsd: 1 })
    expect(getBuiltinNetwork('eip155:8453')?.tokens).toEqual([])
  })

  it('replaces only the fields an override gives', () => {
    const base = getBuiltinNetwork('eip155:8453')!
    const network = NetworkEntry.parse({ caipNetworkId: 'eip155:8453', rpcUrls: local, name: 'Base (ours)' })
    expect(network).toEqual({ ...base, rpcUrls: local, name: 'Base (ours)' })
  })

  it('adds override contracts to the built-in ones by name', () => {
    const network = NetworkEntry.parse({ caipNetworkId: 'eip155:1', contracts: { weth9: '0xC02a' } })
    expect(network.contracts).toEqual({
      multicall3: getBuiltinNetwork('eip155:1')?.contracts.multicall3,
      weth9: '0xC02a',
    })
  })

  it('takes a complete network under a built-in id as written', () => {
    const devstack: ChainNetwork = {
      ...anvil,
      caipNetworkId: 'eip155:1',
      id: 1,
      name: 'Ethereum (local)',
      nativePriceUsd: 3000,
      testnet: false,
      contracts: { weth9: '0xC02a' },
    }
    expect(NetworkEntry.parse(devstack)).toEqual(devstack)
  })

  it('passes a complete custom network, its namespace and id read from its CAIP-2 id when absent', () => {
    expect(NetworkEntry.parse(anvil)).toEqual(anvil)
    const { caipNetworkId, name, nativeCurrency, rpcUrls } = anvil
    expect(NetworkEntry.parse({ caipNetworkId, name, nativeCurrency, rpcUrls })).toEqual({
      ...anvil,
      testnet: false,
    })
  })

  it('rejects an unknown id without details', () => {
    const message = 'eip155:31337 is not a built-in network; give name, nativeCurrency and rpcUrls'
    expect(messages(['eip155:31337'])).toEqual([`0: ${message}`])
    expect(messages([{ caipNetworkId: 'eip155:31337', rpcUrls: local }])).toEqual([`0: ${message}`])
  })

  it('rejects a bad override with the path of the field', () => {
    expect(messages([{ caipNetworkId: 'eip155:8453', rpcUrls: { default: { http: ['nope'] } } }])).toEqual([
      '0.rpcUrls.default.http.0: Invalid URL',
    ])
  })

  it('rejects an id that its chainNamespace and id contradict', () => {
    expect(messages([{ caipNetworkId: 'eip155:8453', id: 1 }])).toEqual([
      '0.caipNetworkId: eip155:8453 does not match its chainNamespace and id (eip155:1)',
    ])
  })

  it('rejects a namespace the protocol does not know', () => {
    const [issue] = messages([
      { ...anvil, caipNetworkId: 'cosmos:hub', chainNamespace: undefined, id: undefined },
    ])
    expect(issue).toMatch(/^0\.chainNamespace: /)
  })

  it('rejects a value that is neither an id nor an object with one', () => {
    expect(messages(['eip155'])).toHaveLength(1)
    expect(messages([{ name: 'Base' }])).toHaveLength(1)
  })
})

describe('NetworkEntries', () => {
  it('rejects an id given twice', () => {
    expect(messages(['eip155:1', { caipNetworkId: 'eip155:1', rpcUrls: local }])).toEqual([
      '1.caipNetworkId: duplicate eip155:1',
    ])
  })
})

describe('resolveNetworks', () => {
  it('resolves ids, overrides and custom networks in order', () => {
    const networks = resolveNetworks(['eip155:1', { caipNetworkId: 'eip155:8453', rpcUrls: local }, anvil])
    expect(networks.map((network) => [network.caipNetworkId, network.rpcUrls.default.http[0]])).toEqual([
      ['eip155:1', getBuiltinNetwork('eip155:1')?.rpcUrls.default.http[0]],
      ['eip155:8453', 'http://127.0.0.1:1'],
      ['eip155:31337', 'http://127.0.0.1:1'],
    ])
  })

  it('moves only networks on built-in RPC URLs to the URL rpcUrl gives', () => {
    const networks = resolveNetworks(['eip155:1', { caipNetworkId: 'eip155:8453', rpcUrls: local }, anvil], {
      rpcUrl: (network) => `https://api.example/v1?chainId=${network.caipNetworkId}`,
    })
    expect(networks.map((network) => network.rpcUrls)).toEqual([
      { default: { http: ['https://api.example/v1?chainId=eip155:1'] } },
      local,
      local,
    ])
  })

  it('throws on an invalid entry', () => {
    expect(() => resolveNetworks(['eip155:31337'])).toThrow(/not a built-in network/)
  })
})
