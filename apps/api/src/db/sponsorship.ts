// Gas sponsored per project and network, counted in the database: every API process charges the same
// row in one conditional statement, so together they never sign past a project's budget.
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from './Database.js'
import { sponsorshipSpend } from './schema.js'

export type Key = { projectId: string; chainId: string }

/** What `key` has spent so far, in wei (0 before its first sponsored operation). */
export async function spent(db: Db, key: Key): Promise<bigint> {
  const [row] = await db
    .select({ spentWei: sponsorshipSpend.spentWei })
    .from(sponsorshipSpend)
    .where(and(eq(sponsorshipSpend.projectId, key.projectId), eq(sponsorshipSpend.chainId, key.chainId)))
  return BigInt(row?.spentWei ?? 0)
}

/**
 * Adds `costWei` to what `key` has spent when the sum stays within `budgetWei`; false (and nothing
 * changed) when it would not. The check and the write are one statement: concurrent charges from any
 * number of processes queue on the row, each seeing the last one's sum.
 */
export async function charge(db: Db, key: Key, costWei: bigint, budgetWei: bigint): Promise<boolean> {
  if (costWei > budgetWei) return false
  const rows = await db
    .insert(sponsorshipSpend)
    .values({ ...key, spentWei: costWei.toString() })
    .onConflictDoUpdate({
      target: [sponsorshipSpend.projectId, sponsorshipSpend.chainId],
      set: {
        spentWei: sql`"sponsorship_spend"."spent_wei" + excluded."spent_wei"`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`"sponsorship_spend"."spent_wei" + excluded."spent_wei" <= ${budgetWei.toString()}::numeric`,
    })
    .returning({ spentWei: sponsorshipSpend.spentWei })
  return rows.length === 1
}

/**
 * Gives back a charge the paymaster is not held to: its operation was never signed (the paymaster
 * service failed), or can no longer be included (sponsorshipCharges.ts settles the rest).
 */
export async function refund(db: Db, key: Key, costWei: bigint): Promise<void> {
  await db
    .update(sponsorshipSpend)
    .set({
      spentWei: sql`greatest("sponsorship_spend"."spent_wei" - ${costWei.toString()}::numeric, 0)`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(sponsorshipSpend.projectId, key.projectId), eq(sponsorshipSpend.chainId, key.chainId)))
}
