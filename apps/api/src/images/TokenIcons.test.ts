import { evmNetwork, solanaNetwork } from '@walletframe/protocol/testing'
import { describe, expect, it } from 'vitest'
import * as TokenIcons from './TokenIcons.js'

const usdc = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'
const base = {
  ...evmNetwork(8453, 'Base'),
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18, iconUrl: 'https://icons.test/eth.svg' },
  tokens: [{ address: usdc, symbol: 'USDC', name: 'USD Coin', decimals: 6, priceUsd: 1 }],
}
const icons = TokenIcons.create([base, solanaNetwork()], {
  name: 'List',
  tokens: [
    {
      chainId: 8453,
      address: usdc.toLowerCase(),
      name: 'USD Coin',
      symbol: 'USDC',
      decimals: 6,
      logoURI: 'https://icons.test/usdc.png',
    },
  ],
})

describe('TokenIcons.create', () => {
  it('finds a listed token by chain and address, whatever the address case', () => {
    expect(icons.source('eip155:8453', usdc)).toBe('https://icons.test/usdc.png')
    expect(icons.source('eip155:1', usdc)).toBeUndefined()
  })

  it("gives a native currency its network's icon", () => {
    expect(icons.source('eip155:8453', '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee')).toBe(
      'https://icons.test/eth.svg',
    )
  })
})

describe('TokenIcons.withIcons', () => {
  const networks = new Map([[base.caipNetworkId, { network: { ...base, testnet: false } as never }]])
  const balance = { chainId: 'eip155:8453', iconUrl: '' }

  it("points each known icon at the API's own route and leaves the others empty", () => {
    const [native, token, unknown] = TokenIcons.withIcons(icons, networks, 'https://api.test', [
      balance,
      { ...balance, address: `eip155:8453:${usdc}` },
      { ...balance, address: 'eip155:8453:0x000000000000000000000000000000000000dEaD' },
    ])
    expect(native?.iconUrl).toBe(
      'https://api.test/v1/tokens/eip155:8453/0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee/icon',
    )
    expect(token?.iconUrl).toBe(`https://api.test/v1/tokens/eip155:8453/${usdc}/icon`)
    expect(unknown?.iconUrl).toBe('')
  })
})
