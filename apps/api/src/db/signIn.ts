// Sign-in nonces and sessions in the database. A nonce is spent by one conditional UPDATE, so two
// processes racing to use it cannot both win; a session row keeps what was signed and whether it holds.
import { and, eq, gt, isNull, lt } from 'drizzle-orm'
import type { Db } from './Database.js'
import { signInNonces, signInSessions } from './schema.js'

export type SessionRow = typeof signInSessions.$inferSelect

export async function insertNonce(
  db: Db,
  row: { nonce: string; projectId: string; origin: string; expiresAt: Date },
): Promise<void> {
  await db.insert(signInNonces).values(row)
}

/**
 * Spends `nonce` for `projectId` and `origin`: true exactly once, while it has not expired. A nonce of
 * another project or origin is refused and stays unspent (it is still its owner's).
 */
export async function spendNonce(
  db: Db,
  nonce: string,
  scope: { projectId: string; origin: string; now: Date },
): Promise<boolean> {
  const spent = await db
    .update(signInNonces)
    .set({ usedAt: scope.now })
    .where(
      and(
        eq(signInNonces.nonce, nonce),
        eq(signInNonces.projectId, scope.projectId),
        eq(signInNonces.origin, scope.origin),
        isNull(signInNonces.usedAt),
        gt(signInNonces.expiresAt, scope.now),
      ),
    )
    .returning({ nonce: signInNonces.nonce })
  return spent.length === 1
}

/** Forgets nonces that expired before `before` (spent or not: their sessions keep their own copy). */
export async function pruneNonces(db: Db, before: Date): Promise<void> {
  await db.delete(signInNonces).where(lt(signInNonces.expiresAt, before))
}

export async function insertSession(db: Db, row: Omit<SessionRow, 'createdAt' | 'revokedAt'>): Promise<void> {
  await db.insert(signInSessions).values(row)
}

export async function session(db: Db, id: string): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(signInSessions).where(eq(signInSessions.id, id)).limit(1)
  return row
}

/** Marks the session revoked (once: a second revoke keeps the first time). */
export async function revoke(db: Db, id: string, now: Date): Promise<void> {
  await db
    .update(signInSessions)
    .set({ revokedAt: now })
    .where(and(eq(signInSessions.id, id), isNull(signInSessions.revokedAt)))
}
