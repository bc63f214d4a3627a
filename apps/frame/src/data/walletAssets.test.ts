import type { TokenBalance } from '@walletframe/protocol'
import { evmNetwork } from '@walletframe/protocol/testing'
import { describe, expect, it } from 'vitest'
import * as WalletAssets from './walletAssets.js'

const account = '0x1111111111111111111111111111111111111111'
const usdc = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'
const base = evmNetwork(8453, 'Base')
const optimism = evmNetwork(10, 'OP Mainnet')

const eth: TokenBalance = {
  name: 'Ether',
  symbol: 'ETH',
  chainId: 'eip155:8453',
  value: 3000,
  price: 3000,
  quantity: { decimals: '18', numeric: '1.000000000000000001' },
  iconUrl: '',
}
const usdcBalance: TokenBalance = {
  ...eth,
  name: 'USD Coin',
  symbol: 'USDC',
  address: `eip155:8453:${usdc}`,
  quantity: { decimals: '6', numeric: '12.5' },
}

function context(balances: Record<string, TokenBalance[]> = { 'eip155:8453': [eth, usdcBalance] }) {
  const asked: string[] = []
  return {
    asked,
    context: {
      account,
      networks: [base, optimism],
      balances: async (_address: string, network: string) => {
        asked.push(network)
        return balances[network] ?? []
      },
    } satisfies WalletAssets.Context,
  }
}

describe('toAsset', () => {
  it('answers the native currency as "native" and a token by its contract, balances in hex base units', () => {
    expect(WalletAssets.toAsset(eth)).toEqual({
      address: 'native',
      balance: '0xde0b6b3a7640001',
      type: 'native',
      metadata: { decimals: 18, name: 'Ether', symbol: 'ETH' },
    })
    expect(WalletAssets.toAsset(usdcBalance)).toEqual({
      address: usdc.toLowerCase(),
      balance: '0xbebc20',
      type: 'erc20',
      metadata: { decimals: 6, name: 'USD Coin', symbol: 'USDC' },
    })
  })
})

describe('request', () => {
  it("answers each of the host's EVM networks, keyed by hex chain id", async () => {
    const { context: c, asked } = context()
    const answer = await WalletAssets.request(c, [{ account }])
    expect(Object.keys(answer)).toEqual(['0x2105', '0xa'])
    expect(answer['0x2105']?.map((asset) => asset.address)).toEqual(['native', usdc.toLowerCase()])
    expect(answer['0xa']).toEqual([])
    expect(asked).toEqual(['eip155:8453', 'eip155:10'])
  })
  it('reads only the chains of chainFilter, and keeps only the types of assetTypeFilter', async () => {
    const { context: c, asked } = context()
    const answer = await WalletAssets.request(c, [
      {
        account: account.toUpperCase().replace('0X', '0x'),
        chainFilter: ['0x2105'],
        assetTypeFilter: ['erc20'],
      },
    ])
    expect(answer).toEqual({ '0x2105': [expect.objectContaining({ address: usdc.toLowerCase() })] })
    expect(asked).toEqual(['eip155:8453'])
  })
  it('keeps only the assets assetFilter names, on the chains it names', async () => {
    const { context: c, asked } = context()
    const answer = await WalletAssets.request(c, [
      { account, assetFilter: { '0x2105': [{ address: 'native', type: 'native' }] } },
    ])
    expect(answer).toEqual({ '0x2105': [expect.objectContaining({ address: 'native', type: 'native' })] })
    expect(asked).toEqual(['eip155:8453'])
  })
  it('refuses another account with 4100', async () => {
    const { context: c, asked } = context()
    await expect(
      WalletAssets.request(c, [{ account: '0x3333333333333333333333333333333333333333' }]),
    ).rejects.toMatchObject({ code: 4100 })
    expect(asked).toEqual([])
  })
  it('refuses malformed params with -32602 and what is wrong', async () => {
    const { context: c } = context()
    await expect(WalletAssets.request(c, [])).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('wallet_getAssets needs one parameter'),
    })
    await expect(WalletAssets.request(c, [{ account, chainFilter: [8453] }])).rejects.toMatchObject({
      code: -32602,
    })
  })
})
