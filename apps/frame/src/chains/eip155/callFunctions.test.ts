import { encodeFunctionData, erc20Abi, parseAbi } from 'viem'
import { describe, expect, it } from 'vitest'
import { decode, describe as describeCall, unknownFunction } from './callFunctions.js'

const nameOf = (data: string | undefined) => decode(data)?.name

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

describe('decode', () => {
  const usdc = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'
  const weth = '0x4200000000000000000000000000000000000006'
  const context = {
    to: usdc,
    tokens: [
      { address: usdc.toLowerCase(), symbol: 'USDC', decimals: 6 },
      { address: weth, symbol: 'WETH', decimals: 18 },
    ],
    native: { symbol: 'ETH', decimals: 18 },
  }

  it("says an ERC-20 call's arguments: checksummed addresses, the amount in the called token's units", () => {
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transferFrom',
      args: [holder.toLowerCase() as `0x${string}`, token, 1_234_567n],
    })
    expect(decode(data, context)).toEqual({
      name: 'transferFrom',
      args: [
        { name: 'from', value: holder },
        { name: 'to', value: token },
        { name: 'amount', value: '1.234567 USDC' },
      ],
    })
  })

  it('says an unlimited approval as Unlimited, and base units where the token is not listed', () => {
    const unlimited = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'approve',
      args: [token, 2n ** 256n - 1n],
    })
    expect(describeCall(decode(unlimited, context)!)).toBe(
      `approve(spender: ${token}, amount: Unlimited USDC)`,
    )
    expect(describeCall(decode(unlimited, { ...context, to: holder })!)).toBe(
      `approve(spender: ${token}, amount: Unlimited)`,
    )
    const some = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [token, 5n] })
    expect(describeCall(decode(some, { ...context, to: holder })!)).toBe(
      `approve(spender: ${token}, amount: 5 (base units))`,
    )
  })

  it("says a swap's amounts in its path's first and last tokens", () => {
    const data = encodeFunctionData({
      abi: router,
      functionName: 'swapExactTokensForETH',
      args: [2_000_000n, 10n ** 15n, [usdc, weth], holder, 9n],
    })
    expect(decode(data, { ...context, to: token })?.args).toEqual([
      { name: 'amountIn', value: '2 USDC' },
      { name: 'amountOutMin', value: '0.001 ETH' },
      { name: 'path', value: `${usdc} → ${weth}` },
      { name: 'to', value: holder },
      { name: 'deadline', value: '9' },
    ])
  })

  it("tells Permit2's approve from ERC-20's, and an NFT operator's yes or no", () => {
    const permit2 = parseAbi([
      'function approve(address token, address spender, uint160 amount, uint48 expiration)',
    ])
    const data = encodeFunctionData({
      abi: permit2,
      functionName: 'approve',
      args: [weth, token, 10n ** 18n, 1],
    })
    expect(describeCall(decode(data, { ...context, to: holder })!)).toBe(
      `approve(token: ${weth}, spender: ${token}, amount: 1 WETH, expiration: 1)`,
    )
    const nft = parseAbi(['function setApprovalForAll(address operator, bool approved)'])
    const operator = encodeFunctionData({ abi: nft, functionName: 'setApprovalForAll', args: [token, true] })
    expect(describeCall(decode(operator)!)).toBe(`setApprovalForAll(operator: ${token}, approved: yes)`)
  })

  it("says the call a smart account's execute makes, with its own arguments", () => {
    const inner = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [holder, 3_000_000n] })
    const data = encodeFunctionData({ abi: account, functionName: 'execute', args: [usdc, 0n, inner] })
    expect(describeCall(decode(data, { ...context, to: holder })!)).toBe(
      `execute(target: ${usdc}, value: 0 ETH, data: transfer(to: ${holder}, amount: 3 USDC))`,
    )
  })

  it('shows long unknown bytes by their start and length', () => {
    const data = encodeFunctionData({
      abi: account,
      functionName: 'execute',
      args: [usdc, 0n, `0x${'ab'.repeat(100)}`],
    })
    expect(decode(data, context)?.args[2]?.value).toBe(`0x${'ab'.repeat(64)}… (100 bytes)`)
  })
})
