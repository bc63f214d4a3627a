import { encodeFunctionData, erc20Abi, parseAbi } from 'viem'
import { describe, expect, it } from 'vitest'
import { nameOf, unknownFunction } from './callFunctions.js'

const token = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const holder = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const router = parseAbi([
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
])
const account = parseAbi([
  'function execute(address target, uint256 value, bytes data)',
  'function executeBatch((address target, uint256 value, bytes data)[] calls)',
])

describe('nameOf', () => {
  it('names the ERC-20 functions', () => {
    expect(nameOf(encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [token, 1n] }))).toBe(
      'approve',
    )
    expect(nameOf(encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [token, 1n] }))).toBe(
      'transfer',
    )
    expect(
      nameOf(encodeFunctionData({ abi: erc20Abi, functionName: 'transferFrom', args: [holder, token, 1n] })),
    ).toBe('transferFrom')
  })

  it("names the swap router's functions and the smart account's execute / executeBatch", () => {
    const path = [token, holder] as const
    expect(
      nameOf(
        encodeFunctionData({
          abi: router,
          functionName: 'swapExactTokensForETH',
          args: [1n, 0n, path, holder, 9n],
        }),
      ),
    ).toBe('swapExactTokensForETH')
    expect(
      nameOf(
        encodeFunctionData({
          abi: router,
          functionName: 'swapExactETHForTokens',
          args: [0n, path, holder, 9n],
        }),
      ),
    ).toBe('swapExactETHForTokens')
    expect(
      nameOf(
        encodeFunctionData({
          abi: router,
          functionName: 'swapExactTokensForTokens',
          args: [1n, 0n, path, holder, 9n],
        }),
      ),
    ).toBe('swapExactTokensForTokens')
    expect(
      nameOf(encodeFunctionData({ abi: account, functionName: 'execute', args: [token, 0n, '0x'] })),
    ).toBe('execute')
    expect(
      nameOf(
        encodeFunctionData({
          abi: account,
          functionName: 'executeBatch',
          args: [[{ target: token, value: 0n, data: '0x' }]],
        }),
      ),
    ).toBe('executeBatch')
  })

  it('says "Unknown function" for a selector outside the table, a bare selector of one in it, and non-hex data', () => {
    // balanceOf is real, but not in the table.
    expect(nameOf(encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [holder] }))).toBe(
      unknownFunction,
    )
    // approve's selector without its arguments would not run as approve.
    expect(nameOf('0x095ea7b3')).toBe(unknownFunction)
    expect(nameOf('0x12')).toBe(unknownFunction)
    expect(nameOf('not hex')).toBe(unknownFunction)
  })

  it('names nothing for a call without data', () => {
    expect(nameOf(undefined)).toBeUndefined()
    expect(nameOf('0x')).toBeUndefined()
  })
})
