// The ERC-721 tokens an address has received on a chain, from the indexer's tables: candidates for
// "what it holds", which only ownerOf on the chain can confirm (it may have sent them on since).
import { and, desc, eq, inArray, max, notInArray, type SQL } from 'drizzle-orm'
import type { Db } from './Database.js'
import { accountActivity, tokenTransfers } from './schema.js'

export type Received = {
  /** Lowercase contract address, as the indexer stores it. */
  contract: string
  /** Decimal text. */
  tokenId: string
}

export declare namespace received {
  type Options = {
    chainId: string
    /** The holder, any case. */
    owner: string
    /** Only these contracts (lowercase), or all but these. */
    contracts: { in: readonly string[] } | { notIn: readonly string[] }
    limit: number
  }
}

/** Distinct (contract, tokenId) pairs sent to `owner`, most recently received first. */
export async function received(db: Db, options: received.Options): Promise<Received[]> {
  const owner = options.owner.toLowerCase()
  const { contracts } = options
  let only: SQL | undefined
  if ('in' in contracts) {
    if (contracts.in.length === 0) return []
    only = inArray(tokenTransfers.contract, [...contracts.in])
  } else if (contracts.notIn.length > 0) {
    only = notInArray(tokenTransfers.contract, [...contracts.notIn])
  }
  const last = max(tokenTransfers.blockNumber)
  // Through account_activity, whose index starts with the address; token_transfers has none on
  // to_address, and its primary key (chain_id, tx_hash, …) serves the join.
  const rows = await db
    .select({ contract: tokenTransfers.contract, tokenId: tokenTransfers.tokenId, last })
    .from(accountActivity)
    .innerJoin(
      tokenTransfers,
      and(
        eq(tokenTransfers.chainId, accountActivity.chainId),
        eq(tokenTransfers.txHash, accountActivity.txHash),
      ),
    )
    .where(
      and(
        eq(accountActivity.address, owner),
        eq(accountActivity.chainId, options.chainId),
        eq(tokenTransfers.standard, 'erc721'),
        eq(tokenTransfers.toAddress, owner),
        only,
      ),
    )
    .groupBy(tokenTransfers.contract, tokenTransfers.tokenId)
    .orderBy(desc(last), tokenTransfers.contract, tokenTransfers.tokenId)
    .limit(options.limit)
  return rows.flatMap((row) =>
    row.contract && row.tokenId !== null ? [{ contract: row.contract, tokenId: row.tokenId }] : [],
  )
}
