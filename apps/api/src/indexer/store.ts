// Writes indexed blocks and moves the chain's cursor in one transaction, under a per-chain advisory
// lock: several API processes may run the indexer, and only one writes a given chain at a time. The
// sponsorship charges those blocks settle are settled in the same transaction.
import { and, eq, gt, sql } from 'drizzle-orm'
import type { Db } from '../db/Database.js'
import { accountActivity, chainTransactions, indexerCursors, tokenTransfers } from '../db/schema.js'
import * as SponsorshipCharges from '../db/sponsorshipCharges.js'
import type { BlockRows } from './evmBlocks.js'

export type Cursor = { blockNumber: number; blockHash: string }

export async function readCursor(db: Db, chainId: string): Promise<Cursor | undefined> {
  const [row] = await db.select().from(indexerCursors).where(eq(indexerCursors.chainId, chainId)).limit(1)
  return row ? { blockNumber: row.blockNumber, blockHash: row.blockHash } : undefined
}

/** The genesis hash recorded with the chain's rows (null for rows written before it was recorded). */
export async function readGenesis(db: Db, chainId: string): Promise<string | null | undefined> {
  const [row] = await db
    .select({ genesisHash: indexerCursors.genesisHash })
    .from(indexerCursors)
    .where(eq(indexerCursors.chainId, chainId))
    .limit(1)
  return row?.genesisHash
}

/** A stable 32-bit key per chain for pg_try_advisory_xact_lock (with the schema as the second key). */
function lockKey(chainId: string): number {
  let hash = 0x811c9dc5
  for (const char of `walletframe-indexer:${chainId}`) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193)
  return hash | 0
}

/** Takes the chain's lock for the rest of `tx`; false when another transaction of this schema holds it. */
export async function lock(tx: Db, chainId: string): Promise<boolean> {
  const result = (await tx.execute(
    // Keyed by schema too: advisory locks span the whole server, and deployments (or test files) in
    // other schemas index the same chain ids without being this one's business.
    sql`select pg_try_advisory_xact_lock(${lockKey(chainId)}, hashtext(current_schema())) as locked`,
  )) as unknown as {
    rows: { locked: boolean }[]
  }
  return result.rows[0]?.locked === true
}

const chunk = 500

/**
 * Appends blocks after `expected` (the cursor this process read). Returns false, writing nothing, when
 * another process holds the chain or moved the cursor meanwhile.
 */
export async function append(
  db: Db,
  chainId: string,
  expected: Cursor | undefined,
  blocks: BlockRows[],
  genesisHash?: string,
): Promise<boolean> {
  const last = blocks.at(-1)
  if (!last) return true
  return db.transaction(async (tx) => {
    if (!(await lock(tx, chainId))) return false
    const current = await readCursor(tx, chainId)
    if (current?.blockNumber !== expected?.blockNumber || current?.blockHash !== expected?.blockHash)
      return false
    const transactions = blocks.flatMap((block) => block.transactions)
    const transfers = blocks.flatMap((block) => block.transfers)
    const activity = blocks.flatMap((block) => block.activity)
    // onConflictDoNothing: re-indexing after a crash between fetch and commit is harmless.
    for (let i = 0; i < transactions.length; i += chunk) {
      await tx
        .insert(chainTransactions)
        .values(transactions.slice(i, i + chunk))
        .onConflictDoNothing()
    }
    for (let i = 0; i < transfers.length; i += chunk) {
      await tx
        .insert(tokenTransfers)
        .values(transfers.slice(i, i + chunk))
        .onConflictDoNothing()
    }
    for (let i = 0; i < activity.length; i += chunk) {
      await tx
        .insert(accountActivity)
        .values(activity.slice(i, i + chunk))
        .onConflictDoNothing()
    }
    // Sponsorship charges settle with the blocks that say what their operations cost, in the same
    // transaction: a range is stored, and its charges settled, once. Then every charge whose signature
    // ended before the last block's time is refunded in full: had it been included, it would be in
    // a block read by now.
    for (const inclusion of blocks.flatMap((block) => block.inclusions))
      await SponsorshipCharges.settle(tx, chainId, inclusion)
    await SponsorshipCharges.expire(tx, chainId, last.timestamp)
    await tx
      .insert(indexerCursors)
      .values({ chainId, blockNumber: last.number, blockHash: last.hash, genesisHash: genesisHash ?? null })
      .onConflictDoUpdate({
        target: indexerCursors.chainId,
        set: {
          blockNumber: last.number,
          blockHash: last.hash,
          ...(genesisHash ? { genesisHash } : {}),
          updatedAt: new Date(),
        },
      })
    return true
  })
}

/** Forgets everything above `cursor.blockNumber` and moves the cursor there (after a deep reorg). */
export async function rewind(db: Db, chainId: string, cursor: Cursor): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await lock(tx, chainId))) return
    await tx
      .delete(accountActivity)
      .where(and(eq(accountActivity.chainId, chainId), gt(accountActivity.blockNumber, cursor.blockNumber)))
    await tx
      .delete(tokenTransfers)
      .where(and(eq(tokenTransfers.chainId, chainId), gt(tokenTransfers.blockNumber, cursor.blockNumber)))
    await tx
      .delete(chainTransactions)
      .where(
        and(eq(chainTransactions.chainId, chainId), gt(chainTransactions.blockNumber, cursor.blockNumber)),
      )
    await tx
      .insert(indexerCursors)
      .values({ chainId, ...cursor })
      .onConflictDoUpdate({ target: indexerCursors.chainId, set: { ...cursor, updatedAt: new Date() } })
  })
}

/** Forgets the chain entirely (it was replaced by a new chain under the same id). */
export async function reset(db: Db, chainId: string): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await lock(tx, chainId))) return
    await tx.delete(accountActivity).where(eq(accountActivity.chainId, chainId))
    await tx.delete(tokenTransfers).where(eq(tokenTransfers.chainId, chainId))
    await tx.delete(chainTransactions).where(eq(chainTransactions.chainId, chainId))
    await tx.delete(indexerCursors).where(eq(indexerCursors.chainId, chainId))
  })
}
