import { describe, expect, it } from 'vitest'
import {
  ConvertBuildTransactionRequest,
  ConvertQuotesQuery,
  SwapAmount,
  swapGasEstimate,
  swapProviderFee,
  swapSlippage,
  Uint256Text,
} from './convert.js'

const usdc = 'eip155:1:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const native = 'eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
const user = 'eip155:1:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

describe('the swap constants', () => {
  it('are a 0.85% provider fee, 150,000 gas units and 1% slippage', () => {
    expect(swapProviderFee).toBe(0.0085)
    expect(swapGasEstimate).toBe(150_000)
    expect(swapSlippage).toBe(1)
  })
})

describe('Uint256Text', () => {
  it('takes decimal integers up to 2^256 - 1 and nothing else', () => {
    for (const value of ['0', '1', String(2n ** 256n - 1n)])
      expect(Uint256Text.safeParse(value).success).toBe(true)
    for (const value of ['', '-1', '1.5', '0x10', '1e3', ' 1', String(2n ** 256n), '9'.repeat(79)])
      expect(Uint256Text.safeParse(value).success).toBe(false)
  })
})

describe('SwapAmount', () => {
  it('must be greater than 0', () => {
    expect(SwapAmount.safeParse('0').success).toBe(false)
    expect(SwapAmount.safeParse('00').success).toBe(false)
    expect(SwapAmount.safeParse('1').success).toBe(true)
  })
})

describe('ConvertQuotesQuery', () => {
  it('wants CAIP-10 tokens and user, a positive amount, and takes an optional gas price', () => {
    const query = { projectId: 'app', amount: '1000000', userAddress: user, from: usdc, to: native }
    expect(ConvertQuotesQuery.parse(query)).toEqual(query)
    expect(ConvertQuotesQuery.safeParse({ ...query, gasPrice: '1000000000' }).success).toBe(true)
    expect(
      ConvertQuotesQuery.safeParse({ ...query, from: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' }).success,
    ).toBe(false)
    expect(ConvertQuotesQuery.safeParse({ ...query, amount: '0' }).success).toBe(false)
  })
})

describe('ConvertBuildTransactionRequest', () => {
  it('holds the slippage between 0 and 50 percent', () => {
    const body = { projectId: 'app', amount: '5', userAddress: user, from: native, to: usdc }
    expect(ConvertBuildTransactionRequest.safeParse({ ...body, eip155: { slippage: 1 } }).success).toBe(true)
    expect(ConvertBuildTransactionRequest.safeParse({ ...body, eip155: { slippage: -1 } }).success).toBe(
      false,
    )
    expect(ConvertBuildTransactionRequest.safeParse({ ...body, eip155: { slippage: 51 } }).success).toBe(
      false,
    )
    expect(ConvertBuildTransactionRequest.safeParse({ ...body, eip155: {} }).success).toBe(false)
  })
})
