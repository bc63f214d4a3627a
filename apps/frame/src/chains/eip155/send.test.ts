import { decodeFunctionData, erc20Abi, type TransactionReceipt } from 'viem'
import { describe, expect, it, vi } from 'vitest'
import { TransferFailedError } from '../Chain.js'
import { isAddress, prepareTransfer, toAddress, transferCall, transferFee } from './send.js'

const from = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const to = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const token = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const hash = `0x${'ab'.repeat(32)}` as const

describe('isAddress', () => {
  it('takes 40 hex digits with or without 0x, in one case or with a valid checksum', () => {
    expect(isAddress(to)).toBe(true)
    expect(isAddress(to.toLowerCase())).toBe(true)
    expect(isAddress(`0x${to.slice(2).toUpperCase()}`)).toBe(true)
    expect(isAddress(to.slice(2))).toBe(true)
  })

  it('refuses a mixed-case address whose checksum is wrong, and anything not 40 hex digits', () => {
    expect(isAddress(to.replace('C44', 'c44'))).toBe(false)
    expect(isAddress(to.slice(0, -1))).toBe(false)
    expect(isAddress(`${to}0`)).toBe(false)
    expect(isAddress('0xZZ44CdDdB6a900fa2b585dd299e03d12FA4293BC')).toBe(false)
    expect(isAddress('7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv')).toBe(false)
  })
})

describe('toAddress', () => {
  it('gives the checksummed 0x form of any accepted address', () => {
    expect(toAddress(to.slice(2).toLowerCase())).toBe(to)
  })
})

describe('transferCall', () => {
  it('sends the native currency as value to the receiver with data 0x', () => {
    expect(transferCall({ from, to: to.toLowerCase(), amount: 5n, decimals: 18 })).toEqual({
      to,
      value: 5n,
      data: '0x',
    })
  })

  it('sends an ERC20 token as transfer(receiver, amount) on the token contract', () => {
    const call = transferCall({ from, to, token: token.toLowerCase(), amount: 1_500_000n, decimals: 6 })
    expect(call.to).toBe(token)
    expect(call.value).toBe(0n)
    expect(decodeFunctionData({ abi: erc20Abi, data: call.data })).toEqual({
      functionName: 'transfer',
      args: [to, 1_500_000n],
    })
  })
})

describe('transferFee', () => {
  it('prices the gas the node estimates for the call at the gas price', async () => {
    const client = { estimateGas: vi.fn(async () => 21_000n) }
    expect(await transferFee(client, { from, to, amount: 7n, decimals: 18 }, 3_000_000_000n)).toBe(
      63_000_000_000_000n,
    )
    expect(client.estimateGas).toHaveBeenCalledWith({ account: from, to, value: 7n, data: '0x' })
  })
})

describe('prepareTransfer', () => {
  const receipt = (status: TransactionReceipt['status']) =>
    ({ status, transactionHash: hash }) as TransactionReceipt

  it('asks the wallet for eth_sendTransaction from the sender, value in hex', () => {
    const prepared = prepareTransfer(
      { waitForTransactionReceipt: vi.fn() },
      { from, to, amount: 10n ** 18n, decimals: 18 },
    )
    expect(prepared.method).toBe('eth_sendTransaction')
    expect(prepared.params).toEqual([{ from, to, value: '0xde0b6b3a7640000', data: '0x' }])
  })

  it('confirms with the hash once the receipt says success', async () => {
    const client = { waitForTransactionReceipt: vi.fn(async () => receipt('success')) }
    const prepared = prepareTransfer(client, { from, to, amount: 1n, decimals: 18 })
    await expect(prepared.confirm(hash)).resolves.toBe(hash)
    expect(client.waitForTransactionReceipt).toHaveBeenCalledWith(expect.objectContaining({ hash }))
  })

  it('fails when the transaction reverted', async () => {
    const client = { waitForTransactionReceipt: vi.fn(async () => receipt('reverted')) }
    const prepared = prepareTransfer(client, { from, to, token, amount: 1n, decimals: 6 })
    await expect(prepared.confirm(hash)).rejects.toBeInstanceOf(TransferFailedError)
  })

  it('fails on an answer that is not a transaction hash (0x plus 64 hex digits)', async () => {
    const client = { waitForTransactionReceipt: vi.fn() }
    const prepared = prepareTransfer(client, { from, to, amount: 1n, decimals: 18 })
    for (const answer of [null, '0x1234', { hash }, `${hash}00`]) {
      await expect(prepared.confirm(answer)).rejects.toBeInstanceOf(TransferFailedError)
    }
    expect(client.waitForTransactionReceipt).not.toHaveBeenCalled()
  })
})
