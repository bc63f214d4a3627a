// Each sponsored operation's charge, from the paymaster's signature until the chain says what the
// operation cost. The budget (sponsorship.ts) is charged the most an operation may cost when it is
// signed; settling gives back the rest once it is included, or all of it once its signature has
// expired unseen. Every settle is one statement that marks the charge settled only while it is
// pending and refunds in the same statement, so a charge is refunded once however many processes
// settle it at the same time (the second waits on the row, then finds it settled and changes nothing).
import { sql } from 'drizzle-orm'
import type { Db } from './Database.js'
import { sponsorshipCharges } from './schema.js'
import * as Sponsorship from './sponsorship.js'

export type Charge = Sponsorship.Key & {
  /** The operation's hash on this chain (EntryPoint v0.7), as its UserOperationEvent names it. */
  userOpHash: string
  /** The paymaster that signed it. */
  paymaster: string
  /** What the budget was charged: the operation's most possible cost. */
  maxCostWei: bigint
  /** When the paymaster's signature ends; undefined when it has no end. */
  validUntil: Date | undefined
}

/**
 * Records `charge` as pending. The same operation signed twice (same fields, same window) has one
 * hash and can be included once: its charges add up on one row, and settling returns all but the
 * actual cost. A hash already settled can no longer be included (its nonce is used), so the new
 * charge goes straight back to the budget.
 */
export async function record(db: Db, charge: Charge): Promise<void> {
  const rows = await db
    .insert(sponsorshipCharges)
    .values({
      chainId: charge.chainId,
      userOpHash: charge.userOpHash.toLowerCase(),
      projectId: charge.projectId,
      paymaster: charge.paymaster.toLowerCase(),
      maxCostWei: charge.maxCostWei.toString(),
      validUntil: charge.validUntil ?? null,
    })
    .onConflictDoUpdate({
      target: [sponsorshipCharges.chainId, sponsorshipCharges.userOpHash],
      set: { maxCostWei: sql`"sponsorship_charges"."max_cost_wei" + excluded."max_cost_wei"` },
      setWhere: sql`"sponsorship_charges"."status" = 'pending'`,
    })
    .returning({ userOpHash: sponsorshipCharges.userOpHash })
  if (rows.length === 0) await Sponsorship.refund(db, charge, charge.maxCostWei)
}

/** An operation the EntryPoint included, from its UserOperationEvent. */
export type Inclusion = {
  userOpHash: string
  paymaster: string
  /** What the paymaster paid for it (the event's actualGasCost). */
  actualGasCost: bigint
}

type Refunded = { project_id: string; refund: string }

/**
 * Settles the pending charge of an included operation: refunds its charge less `actualGasCost`.
 * Returns the wei refunded, or undefined when no pending charge matched (not sponsored here, or
 * already settled by another process).
 */
export async function settle(db: Db, chainId: string, inclusion: Inclusion): Promise<bigint | undefined> {
  const result = (await db.execute(sql`
    with settled as (
      update "sponsorship_charges"
      set "status" = 'settled', "actual_cost_wei" = ${inclusion.actualGasCost.toString()}::numeric,
          "settled_at" = now()
      where "chain_id" = ${chainId} and "user_op_hash" = ${inclusion.userOpHash.toLowerCase()}
        and "paymaster" = ${inclusion.paymaster.toLowerCase()} and "status" = 'pending'
      returning "project_id", "chain_id", greatest("max_cost_wei" - "actual_cost_wei", 0) as refund
    ), refunded as (
      update "sponsorship_spend" set
        "spent_wei" = greatest("sponsorship_spend"."spent_wei" - settled.refund, 0), "updated_at" = now()
      from settled
      where "sponsorship_spend"."project_id" = settled.project_id
        and "sponsorship_spend"."chain_id" = settled.chain_id
    )
    select project_id, refund::text as refund from settled
  `)) as unknown as { rows: Refunded[] }
  const [row] = result.rows
  return row ? BigInt(row.refund) : undefined
}

/**
 * Settles every pending charge of `chainId` whose signature ended before `seenUntil`, the time of the
 * last block the caller has read all the inclusions of: none of them was included by then, and none
 * can be after (the EntryPoint rejects the signature), so each is refunded in full. Returns how many.
 */
export async function expire(db: Db, chainId: string, seenUntil: Date): Promise<number> {
  const result = (await db.execute(sql`
    with expired as (
      update "sponsorship_charges"
      set "status" = 'settled', "actual_cost_wei" = 0, "settled_at" = now()
      where "chain_id" = ${chainId} and "status" = 'pending'
        and "valid_until" < ${seenUntil.toISOString()}::timestamptz
      returning "project_id", "chain_id", "max_cost_wei"
    ), refunds as (
      select project_id, chain_id, sum(max_cost_wei) as refund from expired group by project_id, chain_id
    ), refunded as (
      update "sponsorship_spend" set
        "spent_wei" = greatest("sponsorship_spend"."spent_wei" - refunds.refund, 0), "updated_at" = now()
      from refunds
      where "sponsorship_spend"."project_id" = refunds.project_id
        and "sponsorship_spend"."chain_id" = refunds.chain_id
    )
    select count(*)::int as count from expired
  `)) as unknown as { rows: { count: number }[] }
  return result.rows[0]?.count ?? 0
}
