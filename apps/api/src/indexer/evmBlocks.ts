// Fetches a range of EVM blocks with their receipts (one JSON-RPC batch) and turns them into rows:
// every transaction, its native value movement, and ERC20 / ERC721 Transfer logs. Value moved by
// contracts internally (no log, e.g. WETH withdraw) needs traces and is not seen here. The EntryPoint's
// UserOperationEvents of sponsored operations come out too, to settle their sponsorship charges.
import { type Hex, isAddressEqual, parseEventLogs, zeroAddress } from 'viem'
import { entryPoint07Abi, entryPoint07Address } from 'viem/account-abstraction'
import type { Upstream } from '../chains/Upstream.js'
import { unwrap } from '../chains/Upstream.js'
import type { accountActivity, chainTransactions, tokenTransfers } from '../db/schema.js'
import type { Inclusion } from '../db/sponsorshipCharges.js'
import { UpstreamError } from '../errors.js'

export const transferTopic = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'

type RpcBlock = {
  number: Hex
  hash: Hex
  parentHash: Hex
  timestamp: Hex
  transactions: { hash: Hex; from: Hex; to: Hex | null; value: Hex; nonce: Hex; transactionIndex: Hex }[]
}
type RpcReceipt = {
  transactionHash: Hex
  status: Hex
  logs: { address: Hex; topics: Hex[]; data: Hex; logIndex: Hex }[]
}

export type BlockRows = {
  number: number
  hash: string
  parentHash: string
  /** When it was mined (the chain's clock, which a paymaster signature's validUntil is checked against). */
  timestamp: Date
  /** The paymaster-sponsored operations EntryPoint v0.7 included in it. */
  inclusions: Inclusion[]
  transactions: (typeof chainTransactions.$inferInsert)[]
  transfers: (typeof tokenTransfers.$inferInsert)[]
  activity: (typeof accountActivity.$inferInsert)[]
}

export async function fetchRange(
  upstream: Upstream,
  chainId: string,
  from: number,
  to: number,
): Promise<BlockRows[]> {
  const numbers = Array.from({ length: to - from + 1 }, (_, i) => `0x${(from + i).toString(16)}`)
  const answers = await upstream.batch(
    numbers.flatMap((n) => [
      { method: 'eth_getBlockByNumber', params: [n, true] },
      { method: 'eth_getBlockReceipts', params: [n] },
    ]),
  )
  const blocks = numbers.map((n, i) => {
    const block = unwrap<RpcBlock | null>(answers[2 * i]!)
    if (!block) throw new UpstreamError(chainId, `block ${n} is not available yet`)
    return block
  })
  const receipts = numbers.map((_, i) => {
    const answer = answers[2 * i + 1]!
    return answer.error ? undefined : unwrap<RpcReceipt[] | null>(answer)
  })
  // eth_getBlockReceipts is not on every node (it came late to the JSON-RPC spec): fall back to one
  // eth_getTransactionReceipt per transaction, still in one batch.
  const missing = blocks.flatMap((block, i) =>
    receipts[i] ? [] : block.transactions.map((tx) => ({ i, hash: tx.hash })),
  )
  if (missing.length > 0) {
    const single = await upstream.batch(
      missing.map(({ hash }) => ({ method: 'eth_getTransactionReceipt', params: [hash] })),
    )
    for (const [i] of blocks.entries()) if (!receipts[i]) receipts[i] = []
    missing.forEach(({ i, hash }, k) => {
      const receipt = unwrap<RpcReceipt | null>(single[k]!)
      if (!receipt) throw new UpstreamError(chainId, `receipt of ${hash} is not available`)
      receipts[i]!.push(receipt)
    })
  }
  return blocks.map((block, i) => toRows(chainId, block, receipts[i] ?? []))
}

export function toRows(chainId: string, block: RpcBlock, receipts: RpcReceipt[]): BlockRows {
  const blockNumber = Number(block.number)
  const minedAt = new Date(Number(block.timestamp) * 1000)
  const byHash = new Map(receipts.map((receipt) => [receipt.transactionHash, receipt]))
  const rows: BlockRows = {
    number: blockNumber,
    hash: block.hash,
    parentHash: block.parentHash,
    timestamp: minedAt,
    inclusions: [],
    transactions: [],
    transfers: [],
    activity: [],
  }
  for (const tx of block.transactions) {
    const receipt = byHash.get(tx.hash)
    const success = receipt ? Number(receipt.status) === 1 : false
    const txIndex = Number(tx.transactionIndex)
    const from = tx.from.toLowerCase()
    const to = tx.to?.toLowerCase() ?? null
    const value = BigInt(tx.value)
    rows.transactions.push({
      chainId,
      hash: tx.hash,
      blockNumber,
      txIndex,
      fromAddress: from,
      toAddress: to,
      value: value.toString(),
      nonce: Number(tx.nonce),
      success,
      minedAt,
    })
    const touched = new Set([from, ...(to ? [to] : [])])
    if (success && value > 0n && to) {
      rows.transfers.push({
        chainId,
        txHash: tx.hash,
        logIndex: -1,
        blockNumber,
        standard: 'native',
        contract: null,
        fromAddress: from,
        toAddress: to,
        amount: value.toString(),
        tokenId: null,
      })
    }
    rows.inclusions.push(...sponsoredOperations(receipt?.logs ?? []))
    for (const log of receipt?.logs ?? []) {
      if (log.topics[0] !== transferTopic) continue
      // ERC20 and ERC721 share the event signature; ERC721 indexes the token id as a 4th topic.
      const erc721 = log.topics.length === 4
      if (log.topics.length !== 3 && !erc721) continue
      const logFrom = `0x${log.topics[1]!.slice(26)}`.toLowerCase()
      const logTo = `0x${log.topics[2]!.slice(26)}`.toLowerCase()
      const amount = erc721 ? 1n : log.data.length >= 66 ? BigInt(log.data.slice(0, 66)) : 0n
      rows.transfers.push({
        chainId,
        txHash: tx.hash,
        logIndex: Number(log.logIndex),
        blockNumber,
        standard: erc721 ? 'erc721' : 'erc20',
        contract: log.address.toLowerCase(),
        fromAddress: logFrom,
        toAddress: logTo,
        amount: amount.toString(),
        tokenId: erc721 ? BigInt(log.topics[3]!).toString() : null,
      })
      touched.add(logFrom)
      touched.add(logTo)
    }
    // The zero address "takes part" in every mint and burn; indexing it would only grow a hot key.
    touched.delete(zeroAddress)
    for (const address of touched) {
      rows.activity.push({ address, chainId, txHash: tx.hash, blockNumber, txIndex, minedAt })
    }
  }
  return rows
}

/** The UserOperationEvents of EntryPoint v0.7 among `logs` that a paymaster paid for. */
function sponsoredOperations(logs: RpcReceipt['logs']): Inclusion[] {
  const fromEntryPoint = logs.filter((log) => isAddressEqual(log.address, entryPoint07Address))
  if (fromEntryPoint.length === 0) return []
  return parseEventLogs({
    abi: entryPoint07Abi,
    eventName: 'UserOperationEvent',
    // Only the topics and data are decoded; where the log sits is known already.
    logs: fromEntryPoint.map((log) => ({
      ...log,
      topics: log.topics as [Hex, ...Hex[]],
      blockHash: null,
      blockNumber: null,
      transactionHash: null,
      transactionIndex: null,
      removed: false,
    })),
  })
    .filter((event) => !isAddressEqual(event.args.paymaster, zeroAddress))
    .map((event) => ({
      userOpHash: event.args.userOpHash,
      paymaster: event.args.paymaster,
      actualGasCost: event.args.actualGasCost,
    }))
}
