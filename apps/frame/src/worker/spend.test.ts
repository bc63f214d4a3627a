// What the Worker reads a payload to move: the claims a send pass must carry, so that a token transfer
// (no coin), a swap, a UserOperation's calls or a permit is weighed like a coin send, and whatever it
// cannot read is unknown (over any threshold).

import { permit2Domain, permitSingleTypes } from '@walletframe/devstack'
import {
  encodeFunctionData,
  erc20Abi,
  type Hex,
  hashMessage,
  keccak256,
  parseAbi,
  serializeTransaction,
  toPrefixedMessage,
} from 'viem'
import { entryPoint07Address, getUserOperationHash, type UserOperation } from 'viem/account-abstraction'
import { describe, expect, it } from 'vitest'
import * as Spend from './spend.js'

const self = '0x1111111111111111111111111111111111111111'
const someone = '0x2222222222222222222222222222222222222222'
const usdc = '0x3333333333333333333333333333333333333333'
const weth = '0x4444444444444444444444444444444444444444'
const router = '0x5555555555555555555555555555555555555555'

const base = {
  chainId: 8453,
  type: 'eip1559',
  nonce: 0,
  gas: 60_000n,
  maxFeePerGas: 3n,
  maxPriorityFeePerGas: 1n,
} as const
const fee = (60_000n * 3n).toString()

describe('an EVM transaction', () => {
  it('names its coin with the most its fee may cost, and its digest', () => {
    const transaction = { ...base, to: someone, value: 5n } as const
    expect(Spend.transactionSpend(transaction)).toEqual({
      chain: 'eip155:8453',
      digest: keccak256(serializeTransaction(transaction)),
      native: (5n + 60_000n * 3n).toString(),
      tokens: [],
      unknown: false,
    })
  })

  it('counts the price a legacy transaction pays, whatever other fields it carries', () => {
    const legacy = {
      type: 'legacy',
      chainId: 1,
      nonce: 0,
      gas: 10_000_000n,
      gasPrice: 10n ** 12n,
      maxFeePerGas: 0n,
    }
    expect(Spend.transactionSpend({ ...legacy, to: someone } as never).native).toBe(
      (10_000_000n * 10n ** 12n).toString(),
    )
  })

  it('reads an ERC-20 transfer and approval (no coin moves, the token does)', () => {
    for (const [functionName, args] of [
      ['transfer', [someone, 10n ** 6n]],
      ['approve', [router, 10n ** 6n]],
    ] as const) {
      const data = encodeFunctionData({ abi: erc20Abi, functionName, args })
      expect(Spend.transactionSpend({ ...base, to: usdc, data })).toMatchObject({
        native: fee,
        tokens: [{ asset: usdc, amount: '1000000' }],
        unknown: false,
      })
    }
  })

  it("counts any transferFrom (the wallet's other account's tokens, through an allowance), and names a zero approval (an NFT's id 0)", () => {
    for (const owner of [self, someone] as const) {
      const data = encodeFunctionData({
        abi: erc20Abi,
        functionName: 'transferFrom',
        args: [owner, someone, 7n],
      })
      expect(Spend.transactionSpend({ ...base, to: usdc, data }).tokens).toEqual([
        { asset: usdc, amount: '7' },
      ])
    }
    const zero = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [someone, 0n] })
    expect(Spend.transactionSpend({ ...base, to: usdc, data: zero }).tokens).toEqual([
      { asset: usdc, amount: '0' },
    ])
  })

  it("reads a router swap's input wherever its output goes", () => {
    const abi = parseAbi([
      'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
    ])
    const data = encodeFunctionData({
      abi,
      functionName: 'swapExactTokensForTokens',
      args: [500n, 1n, [usdc, weth], someone, 10n ** 10n],
    })
    expect(Spend.transactionSpend({ ...base, to: router, data }).tokens).toEqual([
      { asset: usdc, amount: '500' },
    ])
  })

  it('calls an unknown call, an approval of every token, a creation or a delegation unknown', () => {
    const unknownCall = { ...base, to: router, data: '0xdeadbeef' } as const
    expect(Spend.transactionSpend(unknownCall).unknown).toBe(true)
    const read = encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [someone] })
    expect(Spend.transactionSpend({ ...base, to: usdc, data: read }).unknown).toBe(true)
    const all = encodeFunctionData({
      abi: parseAbi(['function setApprovalForAll(address operator, bool approved)']),
      functionName: 'setApprovalForAll',
      args: [someone, true],
    })
    expect(Spend.transactionSpend({ ...base, to: usdc, data: all }).unknown).toBe(true)
    expect(Spend.transactionSpend({ ...base, data: '0x6080' }).unknown).toBe(true)
    // A legacy transaction without a chain id is valid on every chain.
    const anyChain = { type: 'legacy', nonce: 0, gas: 21_000n, gasPrice: 1n, to: someone, value: 1n } as const
    expect(Spend.transactionSpend(anyChain).unknown).toBe(true)
  })
})

const soladyAbi = parseAbi([
  'function execute(address target, uint256 value, bytes data)',
  'function executeBatch((address target, uint256 value, bytes data)[] calls)',
])
const account = '0x6666666666666666666666666666666666666666'
const operation = (callData: Hex, paymaster?: Hex): UserOperation<'0.7'> => ({
  sender: account,
  nonce: 1n,
  callData,
  callGasLimit: 100n,
  verificationGasLimit: 200n,
  preVerificationGas: 50n,
  maxFeePerGas: 10n,
  maxPriorityFeePerGas: 1n,
  signature: '0x',
  ...(paymaster
    ? { paymaster, paymasterVerificationGasLimit: 1n, paymasterPostOpGasLimit: 1n, paymasterData: '0x' }
    : {}),
})

describe("a smart account's UserOperation", () => {
  it('reads every call of a batch, and its gas at the most; the digest is the hash the owner signs', () => {
    const transfer = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [someone, 9n] })
    const callData = encodeFunctionData({
      abi: soladyAbi,
      functionName: 'executeBatch',
      args: [
        [
          { target: someone, value: 4n, data: '0x' },
          { target: usdc, value: 0n, data: transfer },
        ],
      ],
    })
    const op = operation(callData)
    expect(Spend.userOperationSpend(31337, op)).toEqual({
      chain: 'eip155:31337',
      digest: getUserOperationHash({
        chainId: 31337,
        entryPointAddress: entryPoint07Address,
        entryPointVersion: '0.7',
        userOperation: op,
      }),
      native: (4n + 350n * 10n).toString(),
      tokens: [{ asset: usdc, amount: '9' }],
      unknown: false,
    })
    // A paymaster's gas counts too: it may charge the account in tokens the account approved it.
    const sponsored = operation(callData, `0x${'77'.repeat(20)}`)
    expect(Spend.userOperationSpend(31337, sponsored).native).toBe((4n + 352n * 10n).toString())
  })

  it('calls a call to the account itself, or callData the account does not take, unknown', () => {
    const self = encodeFunctionData({
      abi: soladyAbi,
      functionName: 'execute',
      args: [account, 0n, '0x12345678'],
    })
    expect(Spend.userOperationSpend(1, operation(self)).unknown).toBe(true)
    expect(Spend.userOperationSpend(1, operation('0xabcdef01')).unknown).toBe(true)
  })
})

describe('a message', () => {
  it('moves nothing, unless it is 32 bytes (what allows a UserOperation)', () => {
    expect(Spend.messageSpend('eip155:1', 'Sign in to example.com')).toBeUndefined()
    expect(Spend.messageSpend('eip155:1', { raw: '0x1234' })).toBeUndefined()
    const hash = `0x${'ab'.repeat(32)}` as Hex
    expect(Spend.messageSpend('eip155:1', { raw: hash })).toEqual({
      chain: 'eip155:1',
      digest: hashMessage({ raw: hash }),
      native: '0',
      tokens: [],
      unknown: true,
    })
    // Text of 32 bytes signs the same bytes.
    expect(Spend.messageSpend('eip155:1', 'x'.repeat(32))?.unknown).toBe(true)
  })
})

describe('typed data', () => {
  const domain = { name: 'USD Coin', version: '2', chainId: 8453, verifyingContract: usdc } as const

  it('reads an EIP-2612 permit as an approval of its token, on the domain’s chain', () => {
    const permit = {
      domain,
      types: {
        Permit: [
          { name: 'owner', type: 'address' },
          { name: 'spender', type: 'address' },
          { name: 'value', type: 'uint256' },
          { name: 'nonce', type: 'uint256' },
          { name: 'deadline', type: 'uint256' },
        ],
      },
      primaryType: 'Permit',
      message: { owner: self, spender: router, value: 123n, nonce: 0n, deadline: 1n },
    } as const
    expect(Spend.typedDataSpend('eip155:1', permit)).toMatchObject({
      chain: 'eip155:8453',
      tokens: [{ asset: usdc, amount: '123' }],
      unknown: false,
    })
  })

  it("reads Permit2's allowances and transfers", () => {
    const single = {
      domain: permit2Domain(1),
      types: permitSingleTypes,
      primaryType: 'PermitSingle',
      message: {
        details: { token: weth, amount: 5n, expiration: 1, nonce: 0 },
        spender: someone,
        sigDeadline: 1n,
      },
    } as const
    expect(Spend.typedDataSpend('eip155:1', single)?.tokens).toEqual([{ asset: weth, amount: '5' }])
  })

  it('reads through ERC-7739: a wrapped personal message moves nothing unless it is 32 bytes', () => {
    const wrapped = (message: string | { raw: Hex }) =>
      ({
        domain: { name: 'Smart Account', version: '1', chainId: 1, verifyingContract: account },
        types: { PersonalSign: [{ name: 'prefixed', type: 'bytes' }] },
        primaryType: 'PersonalSign',
        message: { prefixed: toPrefixedMessage(message) },
      }) as const
    expect(Spend.typedDataSpend('eip155:1', wrapped('Sign in to example.com'))).toBeUndefined()
    // A 32-byte hash whose first byte reads as a digit is still 32 bytes: "\n32" then "5…" is no "\n325".
    expect(Spend.typedDataSpend('eip155:1', wrapped({ raw: `0x35${'cd'.repeat(31)}` }))?.unknown).toBe(true)
    expect(Spend.typedDataSpend('eip155:1', wrapped({ raw: `0x${'cd'.repeat(32)}` }))?.unknown).toBe(true)
  })

  it('reads a permit only when its types are exactly the standard ones: a field the types do not name is not signed', () => {
    const dai = {
      domain,
      types: {
        Permit: [
          { name: 'holder', type: 'address' },
          { name: 'spender', type: 'address' },
          { name: 'nonce', type: 'uint256' },
          { name: 'expiry', type: 'uint256' },
          { name: 'allowed', type: 'bool' },
        ],
      },
      primaryType: 'Permit',
      // `value` is in no type: the signature allows everything, whatever the extra key says.
      message: { holder: self, spender: router, nonce: 0n, expiry: 1n, allowed: true, value: 1n },
    } as const
    expect(Spend.typedDataSpend('eip155:1', dai as never)?.unknown).toBe(true)
    const revoke = { ...dai, message: { ...dai.message, allowed: false } }
    expect(Spend.typedDataSpend('eip155:1', revoke as never)).toMatchObject({ tokens: [], unknown: false })
    // A permit whose types carry one more field is no standard permit.
    const odd = {
      ...dai,
      types: { Permit: [...dai.types.Permit, { name: 'value', type: 'uint256' }] },
    }
    expect(Spend.typedDataSpend('eip155:1', odd as never)?.unknown).toBe(true)
  })

  it('takes the chain its domain names, however written, and calls a domain without one unknown', () => {
    const mail = {
      types: { Mail: [{ name: 'contents', type: 'string' }] },
      primaryType: 'Mail',
      message: { contents: 'hi' },
    } as const
    expect(Spend.typedDataSpend('eip155:1', { ...mail, domain: { chainId: '8453' } } as never)?.chain).toBe(
      'eip155:8453',
    )
    expect(Spend.typedDataSpend('eip155:1', { ...mail, domain: { name: 'x' } })?.unknown).toBe(true)
  })

  it('calls any other typed data unknown: a contract may take it as an order', () => {
    const order = {
      domain,
      types: { Order: [{ name: 'amount', type: 'uint256' }] },
      primaryType: 'Order',
      message: { amount: 1n },
    } as const
    expect(Spend.typedDataSpend('eip155:1', order)?.unknown).toBe(true)
  })
})

describe('same', () => {
  it('holds for equal claims only', () => {
    const read = Spend.transactionSpend({ ...base, to: someone, value: 1n })
    expect(Spend.same(read, { ...read })).toBe(true)
    expect(Spend.same(undefined, read)).toBe(false)
    expect(Spend.same({ ...read, tokens: [{ asset: usdc, amount: '1' }] }, read)).toBe(false)
    expect(Spend.same({ ...read, unknown: true }, read)).toBe(false)
  })
})
