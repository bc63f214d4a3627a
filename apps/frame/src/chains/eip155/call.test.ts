import { type TransactionReceipt, zeroAddress } from 'viem'
import { describe, expect, it, vi } from 'vitest'
import { prepareCall } from './call.js'

const from = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const router = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const hash = `0x${'cd'.repeat(32)}` as const

describe('prepareCall', () => {
  it("asks the wallet for eth_sendTransaction of the API's call, checksummed, value in hex", () => {
    const prepared = prepareCall({ waitForTransactionReceipt: vi.fn() }, from.toLowerCase(), {
      to: router.toLowerCase(),
      data: '0x095ea7b3',
      value: 255n,
    })
    expect(prepared.method).toBe('eth_sendTransaction')
    expect(prepared.params).toEqual([{ from, to: router, value: '0xff', data: '0x095ea7b3' }])
  })

  it('confirms with the hash, polling the receipt every 250 ms', async () => {
    const receipt = { status: 'success', transactionHash: hash } as TransactionReceipt
    const client = { waitForTransactionReceipt: vi.fn(async () => receipt) }
    const prepared = prepareCall(client, from, { to: zeroAddress, data: '0x', value: 0n })
    await expect(prepared.confirm(hash)).resolves.toBe(hash)
    expect(client.waitForTransactionReceipt).toHaveBeenCalledWith({ hash, pollingInterval: 250 })
  })
})
