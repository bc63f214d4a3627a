import type { RpcTransactionReceipt } from 'viem'
import type { RpcUserOperationReceipt } from 'viem/account-abstraction'
import { describe, expect, it } from 'vitest'
import { fromTransactions, fromUserOperation } from './callsStatus.js'

const log = { address: '0x1111111111111111111111111111111111111111', data: '0xab', topics: ['0x01'] }

function receipt(status: '0x0' | '0x1', n = 1): RpcTransactionReceipt {
  return {
    status,
    blockHash: `0x${'b'.repeat(64)}`,
    blockNumber: `0x${n.toString(16)}`,
    gasUsed: '0x5208',
    transactionHash: `0x${n.toString(16).padStart(64, '0')}`,
    logs: [{ ...log, blockNumber: '0x1', logIndex: '0x0' }],
  } as unknown as RpcTransactionReceipt
}

function userOperation(success: boolean): RpcUserOperationReceipt {
  return {
    success,
    logs: [log],
    receipt: receipt(success ? '0x1' : '0x0'),
  } as unknown as RpcUserOperationReceipt
}

describe('fromUserOperation', () => {
  it('is pending (100) while the bundler has no receipt', () => {
    expect(fromUserOperation(null)).toEqual({ status: 100, atomic: true })
  })
  it("is confirmed (200) with the carrying transaction's receipt and the UserOperation's own logs", () => {
    expect(fromUserOperation(userOperation(true))).toEqual({
      status: 200,
      atomic: true,
      receipts: [
        {
          logs: [log],
          status: '0x1',
          blockHash: `0x${'b'.repeat(64)}`,
          blockNumber: '0x1',
          gasUsed: '0x5208',
          transactionHash: `0x${'1'.padStart(64, '0')}`,
        },
      ],
    })
  })
  it('is reverted completely (500) when its calls reverted: they run all or none', () => {
    expect(fromUserOperation(userOperation(false))).toMatchObject({ status: 500, atomic: true })
  })
})

describe('fromTransactions', () => {
  it('is pending (100) while a transaction is not mined, with the receipts there are', () => {
    const status = fromTransactions([receipt('0x1'), null], 0)
    expect(status).toMatchObject({ status: 100, atomic: false })
    expect(status.receipts).toHaveLength(1)
  })
  it('is confirmed (200) when every call landed', () => {
    expect(fromTransactions([receipt('0x1', 1), receipt('0x1', 2)], 0)).toMatchObject({
      status: 200,
      atomic: false,
      receipts: [{ blockNumber: '0x1', logs: [log] }, { blockNumber: '0x2' }],
    })
  })
  it('is reverted completely (500) when nothing that was sent took effect', () => {
    expect(fromTransactions([receipt('0x0')], 1).status).toBe(500)
  })
  it('is reverted in part (600) when some calls landed and others reverted or were not sent', () => {
    expect(fromTransactions([receipt('0x1'), receipt('0x0', 2)], 0).status).toBe(600)
    expect(fromTransactions([receipt('0x1')], 2).status).toBe(600)
  })
  it('failed off chain (400) when no call was sent', () => {
    expect(fromTransactions([], 2)).toEqual({ status: 400, atomic: false, receipts: [] })
  })
})
