// Reads an account's indexed transactions, newest first, one keyset page at a time.
import { and, desc, eq, exists, inArray, or, sql } from 'drizzle-orm'
import type { Db } from './Database.js'
import { accountActivity, chainTransactions, tokenTransfers } from './schema.js'

/** Position after the last row of a page: (minedAt, chainId, blockNumber, txIndex). */
export type PageKey = { minedAt: string; chainId: string; blockNumber: number; txIndex: number }

export type HistoryRow = {
  key: PageKey
  transaction: typeof chainTransactions.$inferSelect
  transfers: (typeof tokenTransfers.$inferSelect)[]
}

export async function page(
  db: Db,
  options: {
    address: string
    chainId?: string | undefined
    after?: PageKey | undefined
    limit: number
    /**
     * Only transactions in which one of these (chain, sender) pairs sent the address something:
     * an on-ramp provider's deliveries.
     */
    receivedFrom?: readonly { chainId: string; address: string }[]
  },
): Promise<{ rows: HistoryRow[]; next?: PageKey }> {
  const address = options.address.toLowerCase()
  const conditions = [eq(accountActivity.address, address)]
  if (options.chainId) conditions.push(eq(accountActivity.chainId, options.chainId))
  if (options.receivedFrom) {
    if (options.receivedFrom.length === 0) return { rows: [] }
    const senders = options.receivedFrom.map((sender) =>
      and(
        eq(tokenTransfers.chainId, sender.chainId),
        eq(tokenTransfers.fromAddress, sender.address.toLowerCase()),
      ),
    )
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(tokenTransfers)
          .where(
            and(
              eq(tokenTransfers.chainId, accountActivity.chainId),
              eq(tokenTransfers.txHash, accountActivity.txHash),
              eq(tokenTransfers.toAddress, address),
              or(...senders),
            ),
          ),
      ),
    )
  }
  if (options.after) {
    const { minedAt, chainId, blockNumber, txIndex } = options.after
    // Row comparison matches the index order (all descending), so the page continues exactly.
    conditions.push(
      sql`(${accountActivity.minedAt}, ${accountActivity.chainId}, ${accountActivity.blockNumber}, ${accountActivity.txIndex}) < (${minedAt}::timestamptz, ${chainId}, ${blockNumber}, ${txIndex})`,
    )
  }
  const activity = await db
    .select()
    .from(accountActivity)
    .where(and(...conditions))
    .orderBy(
      desc(accountActivity.minedAt),
      desc(accountActivity.chainId),
      desc(accountActivity.blockNumber),
      desc(accountActivity.txIndex),
    )
    .limit(options.limit + 1)
  const more = activity.length > options.limit
  const slice = activity.slice(0, options.limit)
  if (slice.length === 0) return { rows: [] }

  const pairs = slice.map((row) =>
    and(eq(chainTransactions.chainId, row.chainId), eq(chainTransactions.hash, row.txHash)),
  )
  const transactions = await db
    .select()
    .from(chainTransactions)
    .where(or(...pairs))
  const transfers = await db
    .select()
    .from(tokenTransfers)
    .where(
      inArray(
        tokenTransfers.txHash,
        slice.map((row) => row.txHash),
      ),
    )
    .orderBy(tokenTransfers.logIndex)
  const txByKey = new Map(transactions.map((tx) => [`${tx.chainId}:${tx.hash}`, tx]))
  const rows = slice.flatMap((row) => {
    const transaction = txByKey.get(`${row.chainId}:${row.txHash}`)
    if (!transaction) return []
    return [
      {
        key: keyOf(row),
        transaction,
        transfers: transfers.filter((t) => t.chainId === row.chainId && t.txHash === row.txHash),
      },
    ]
  })
  const last = slice.at(-1)!
  return more ? { rows, next: keyOf(last) } : { rows }
}

function keyOf(row: typeof accountActivity.$inferSelect): PageKey {
  return {
    minedAt: row.minedAt.toISOString(),
    chainId: row.chainId,
    blockNumber: row.blockNumber,
    txIndex: row.txIndex,
  }
}
