import { describe, expect, it } from 'vitest'
import type { RpcRequest, RpcResult, Upstream } from '../chains/Upstream.js'
import * as EvmBlocks from './evmBlocks.js'

const alice = '0x1111111111111111111111111111111111111111'
const bob = '0x2222222222222222222222222222222222222222'
const nft = '0x4444444444444444444444444444444444444444'
const word = (hex: string) => `0x${hex.replace(/^0x/, '').padStart(64, '0')}`
const txHash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`

const block = {
  number: '0x7',
  hash: word('b7'),
  parentHash: word('b6'),
  timestamp: '0x64',
  transactions: [
    {
      hash: txHash(1),
      from: alice,
      to: bob,
      value: '0xde0b6b3a7640000',
      nonce: '0x0',
      transactionIndex: '0x0',
    },
    { hash: txHash(2), from: alice, to: nft, value: '0x0', nonce: '0x1', transactionIndex: '0x1' },
    { hash: txHash(3), from: alice, to: bob, value: '0x5', nonce: '0x2', transactionIndex: '0x2' },
  ],
}
const receipts: Record<string, unknown> = {
  [txHash(1)]: { transactionHash: txHash(1), status: '0x1', logs: [] },
  [txHash(2)]: {
    transactionHash: txHash(2),
    status: '0x1',
    logs: [
      {
        address: nft,
        topics: [EvmBlocks.transferTopic, word('0'), word(bob), word('2a')],
        data: '0x',
        logIndex: '0x0',
      },
    ],
  },
  // Reverted: its value did not move.
  [txHash(3)]: { transactionHash: txHash(3), status: '0x0', logs: [] },
}

/** A node without eth_getBlockReceipts. */
const oldNode: Pick<Upstream, 'batch'> = {
  async batch(requests: RpcRequest[]): Promise<RpcResult[]> {
    return requests.map(({ method, params }) => {
      const [arg] = params as [string]
      if (method === 'eth_getBlockByNumber') return { result: block }
      if (method === 'eth_getTransactionReceipt') return { result: receipts[arg] }
      return { error: { code: -32601, message: `the method ${method} does not exist` } }
    })
  },
}

describe('fetchRange', () => {
  it('falls back to per-transaction receipts and decodes native, ERC721 mint and failed transactions', async () => {
    const [rows] = await EvmBlocks.fetchRange(oldNode as Upstream, 'eip155:1', 7, 7)
    expect(rows!.number).toBe(7)
    expect(rows!.transactions.map((tx) => [tx.hash, tx.success])).toEqual([
      [txHash(1), true],
      [txHash(2), true],
      [txHash(3), false],
    ])
    expect(rows!.transfers).toEqual([
      expect.objectContaining({
        txHash: txHash(1),
        logIndex: -1,
        standard: 'native',
        amount: '1000000000000000000',
      }),
      expect.objectContaining({
        txHash: txHash(2),
        standard: 'erc721',
        contract: nft,
        fromAddress: `0x${'0'.repeat(40)}`,
        toAddress: bob,
        tokenId: '42',
      }),
    ])
    // The zero address of the mint is not indexed as a participant.
    expect(rows!.activity.map((a) => `${a.txHash}:${a.address}`).sort()).toEqual(
      [
        `${txHash(1)}:${alice}`,
        `${txHash(1)}:${bob}`,
        `${txHash(2)}:${alice}`,
        `${txHash(2)}:${nft}`,
        `${txHash(2)}:${bob}`,
        `${txHash(3)}:${alice}`,
        `${txHash(3)}:${bob}`,
      ].sort(),
    )
    expect(rows!.transactions[0]!.minedAt).toEqual(new Date(100_000))
  })
})
