// The wallet rows: one per user, written once (an INSERT … ON CONFLICT DO NOTHING, so two racing
// creates cannot both store shares), read by user id.
import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '../db/Database.js'
import { authWallets } from '../db/schema.js'

export type Wallet = typeof authWallets.$inferSelect
export type NewWallet = typeof authWallets.$inferInsert

/** Inserts the wallet; undefined when the user has one already. */
export async function insert(db: Db, row: NewWallet): Promise<Wallet | undefined> {
  const [inserted] = await db.insert(authWallets).values(row).onConflictDoNothing().returning()
  return inserted
}

export async function ofUser(db: Db, userId: string): Promise<Wallet | undefined> {
  const [row] = await db.select().from(authWallets).where(eq(authWallets.userId, userId)).limit(1)
  return row
}

/** Sets the recovery share where the wallet has none; false when it has one (it is never replaced here). */
export async function setRecoveryShare(
  db: Db,
  userId: string,
  recoveryShare: NonNullable<Wallet['recoveryShare']>,
): Promise<boolean> {
  const updated = await db
    .update(authWallets)
    .set({ recoveryShare })
    .where(and(eq(authWallets.userId, userId), isNull(authWallets.recoveryShare)))
    .returning({ userId: authWallets.userId })
  return updated.length > 0
}
