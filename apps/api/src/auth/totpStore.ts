// The TOTP rows (db/schema.ts authTotp, authTotpRecoveryCodes) and the session's mark. Each step that
// spends something (a try, a code's step, a recovery code) is one conditional UPDATE … RETURNING, so
// two API processes racing on one code or one try cannot both win.
import { and, eq, isNull, or, sql } from 'drizzle-orm'
import type { Db } from '../db/Database.js'
import { authSessions, authTotp, authTotpRecoveryCodes } from '../db/schema.js'

export type Factor = typeof authTotp.$inferSelect

export async function ofUser(db: Db, userId: string): Promise<Factor | undefined> {
  const [row] = await db.select().from(authTotp).where(eq(authTotp.userId, userId)).limit(1)
  return row
}

/**
 * Stores a pending secret, replacing a pending one; undefined when the user's factor is enabled (an
 * enabled factor is only replaced after disable, which takes a code).
 */
export async function putPending(
  db: Db,
  row: { userId: string; secret: string; envelopeKeyId: string },
): Promise<Factor | undefined> {
  const [stored] = await db
    .insert(authTotp)
    .values(row)
    .onConflictDoUpdate({
      target: authTotp.userId,
      set: { secret: row.secret, envelopeKeyId: row.envelopeKeyId, lastStep: null, createdAt: new Date() },
      setWhere: isNull(authTotp.enabledAt),
    })
    .returning()
  return stored
}

const at = (now: Date) => sql`${now.toISOString()}::timestamptz`

/**
 * Takes one try before a code is checked (a right code gives it back with `clearTries`): the count
 * after it, or undefined while the factor is locked. A lock that ran out starts a fresh count.
 */
export async function takeTry(
  db: Db,
  userId: string,
  rule: { tries: number; lockSeconds: number; now: Date },
): Promise<number | undefined> {
  const { now } = rule
  const expired = sql`${authTotp.lockedUntil} is not null and ${authTotp.lockedUntil} <= ${at(now)}`
  const count = sql`case when ${expired} then 1 else ${authTotp.failures} + 1 end`
  const until = new Date(now.getTime() + rule.lockSeconds * 1000)
  const [row] = await db
    .update(authTotp)
    .set({
      failures: count,
      lockedUntil: sql`case when ${count} >= ${rule.tries} then ${at(until)} else null end`,
    })
    .where(
      and(
        eq(authTotp.userId, userId),
        or(isNull(authTotp.lockedUntil), sql`${authTotp.lockedUntil} <= ${at(now)}`),
      ),
    )
    .returning({ failures: authTotp.failures })
  return row?.failures
}

/** A right code: the count of wrong ones starts again. */
export async function clearTries(db: Db, userId: string): Promise<void> {
  await db.update(authTotp).set({ failures: 0, lockedUntil: null }).where(eq(authTotp.userId, userId))
}

/** Spends time step `step`: false when a code of it (or of a later step) was accepted before. */
export async function spendStep(db: Db, userId: string, step: number): Promise<boolean> {
  const [row] = await db
    .update(authTotp)
    .set({ lastStep: step })
    .where(
      and(eq(authTotp.userId, userId), or(isNull(authTotp.lastStep), sql`${authTotp.lastStep} < ${step}`)),
    )
    .returning({ userId: authTotp.userId })
  return row !== undefined
}

/** Enables the pending factor with its recovery codes' digests (any older ones are dropped). */
export async function enable(db: Db, userId: string, digests: string[], now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(authTotp)
      .set({ enabledAt: now })
      .where(and(eq(authTotp.userId, userId), isNull(authTotp.enabledAt)))
      .returning({ userId: authTotp.userId })
    if (!row) return false
    await tx.delete(authTotpRecoveryCodes).where(eq(authTotpRecoveryCodes.userId, userId))
    await tx.insert(authTotpRecoveryCodes).values(digests.map((digest) => ({ digest, userId })))
    return true
  })
}

/** Spends one unused recovery code of the user: false when it is unknown or used. */
export async function spendRecoveryCode(db: Db, userId: string, digest: string, now: Date): Promise<boolean> {
  const [row] = await db
    .update(authTotpRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(authTotpRecoveryCodes.digest, digest),
        eq(authTotpRecoveryCodes.userId, userId),
        isNull(authTotpRecoveryCodes.usedAt),
      ),
    )
    .returning({ digest: authTotpRecoveryCodes.digest })
  return row !== undefined
}

export async function recoveryCodesLeft(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(authTotpRecoveryCodes)
    .where(and(eq(authTotpRecoveryCodes.userId, userId), isNull(authTotpRecoveryCodes.usedAt)))
  return Number(row?.count ?? 0)
}

/** Drops the factor and its recovery codes. */
export async function remove(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(authTotpRecoveryCodes).where(eq(authTotpRecoveryCodes.userId, userId))
    await tx.delete(authTotp).where(eq(authTotp.userId, userId))
  })
}

/** Marks the session as having passed the factor. */
export async function markSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db.update(authSessions).set({ secondFactorAt: now }).where(eq(authSessions.id, sessionId))
}

/** Sets the enabled factor's send threshold (null clears it); false when the factor is not enabled. */
export async function setThreshold(db: Db, userId: string, wei: string | null): Promise<boolean> {
  const updated = await db
    .update(authTotp)
    .set({ sendThresholdWei: wei })
    .where(and(eq(authTotp.userId, userId), sql`${authTotp.enabledAt} is not null`))
    .returning({ userId: authTotp.userId })
  return updated.length > 0
}
