import { describe, expect, it } from 'vitest'
import { GetAssetsParams, getAssetsNeedsAccount, maxAssetChains } from './walletAssets.js'

const account = '0x1111111111111111111111111111111111111111'
const token = '0x2222222222222222222222222222222222222222'

describe('GetAssetsParams', () => {
  it('takes the account alone, or with every filter', () => {
    expect(GetAssetsParams.safeParse([{ account }]).success).toBe(true)
    const full = {
      account,
      assetFilter: {
        '0x2105': [
          { address: 'native', type: 'native' },
          { address: token, type: 'erc20' },
        ],
      },
      assetTypeFilter: ['erc20'],
      chainFilter: ['0x1', '0x2105'],
    }
    expect(GetAssetsParams.parse([full])).toEqual([full])
  })
  it('says what is missing when the request object is not there', () => {
    const result = GetAssetsParams.safeParse([])
    expect(result.error?.issues[0]?.message).toBe(getAssetsNeedsAccount)
  })
  it('refuses a malformed account, chain id or asset address', () => {
    const message = (params: unknown) => GetAssetsParams.safeParse(params).error?.issues[0]?.message
    expect(message([{ account: '0x12' }])).toBe('Invalid "account" address')
    expect(message([{ account, chainFilter: ['8453'] }])).toBe('Expected a chain id in hex (0x…)')
    expect(message([{ account, assetFilter: { '0x1': [{ address: 'eth', type: 'native' }] } }])).toBe(
      'An asset address is "native" or a 0x contract address',
    )
  })
  it('bounds the filters', () => {
    const chains = Array.from({ length: maxAssetChains + 1 }, (_, i) => `0x${(i + 1).toString(16)}`)
    expect(GetAssetsParams.safeParse([{ account, chainFilter: chains }]).success).toBe(false)
    const many = Array.from({ length: 101 }, () => ({ address: token, type: 'erc20' }))
    expect(GetAssetsParams.safeParse([{ account, assetFilter: { '0x1': many } }]).success).toBe(false)
  })
})
