import type { AssetChange } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import { nativeTokenAddress } from '../../chains/simulate.js'
import { movesAllFindings } from './movesAll.js'

const change = (address: string, pre: bigint, post: bigint, symbol?: string): AssetChange => ({
  token: { address, ...(symbol && { symbol }) },
  pre: pre.toString(),
  post: post.toString(),
  diff: (post - pre).toString(),
})
const usdc = '0x00000000000000000000000000000000000000aa'

describe('movesAllFindings', () => {
  it('flags a token balance taken to zero, by its symbol', () => {
    expect(movesAllFindings([change(usdc, 5n, 0n, 'USDC')])).toEqual([
      { rule: 'moves-all', reason: 'This moves all of your USDC' },
    ])
  })
  it('names the token by its address without a symbol', () => {
    expect(movesAllFindings([change(usdc, 5n, 0n)])[0]?.reason).toBe(`This moves all of your ${usdc}`)
  })
  it('says nothing of part of a balance, of a balance received, or of the native currency', () => {
    expect(
      movesAllFindings([change(usdc, 5n, 1n), change(usdc, 0n, 3n), change(nativeTokenAddress, 9n, 0n)]),
    ).toEqual([])
  })
})
