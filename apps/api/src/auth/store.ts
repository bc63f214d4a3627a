// The login's rows: users, identities, devices, attempts, sessions and refresh tokens. Each step that
// spends something (a code, a state, an approval, a refresh token) is one conditional UPDATE … RETURNING,
// so two processes racing on one secret cannot both win. Every attempt update that took wakes the
// requests this process holds on that attempt (attemptSignals.ts).
import { and, eq, isNull, ne, sql } from 'drizzle-orm'
import type { Db } from '../db/Database.js'
import {
  authAttempts,
  authDevices,
  authIdentities,
  authRefreshTokens,
  authSessions,
  authUsers,
} from '../db/schema.js'
import * as AttemptSignals from './attemptSignals.js'
import { newId } from './secrets.js'

export type Attempt = typeof authAttempts.$inferSelect
export type NewAttempt = typeof authAttempts.$inferInsert
export type User = typeof authUsers.$inferSelect
export type Session = typeof authSessions.$inferSelect

export async function insertAttempt(db: Db, row: NewAttempt): Promise<Attempt> {
  const [inserted] = await db.insert(authAttempts).values(row).returning()
  return inserted!
}

export async function attempt(db: Db, id: string): Promise<Attempt | undefined> {
  const [row] = await db.select().from(authAttempts).where(eq(authAttempts.id, id)).limit(1)
  return row
}

/** Updates an attempt only while it is at `step`; undefined when it moved on meanwhile. */
export async function advance(
  db: Db,
  id: string,
  step: string,
  changes: Partial<NewAttempt>,
  extra?: ReturnType<typeof eq>,
): Promise<Attempt | undefined> {
  const [row] = await db
    .update(authAttempts)
    .set(changes)
    .where(and(eq(authAttempts.id, id), eq(authAttempts.step, step), extra))
    .returning()
  return announced(row)
}

function announced(row: Attempt | undefined): Attempt | undefined {
  if (row) AttemptSignals.changed(row.id)
  return row
}

/** Spends the attempt's current code if it is `hmac`: one caller wins. */
export async function spendCode(db: Db, id: string, hmac: string, changes: Partial<NewAttempt>) {
  const [row] = await db
    .update(authAttempts)
    .set({ ...changes, codeHmac: null })
    .where(and(eq(authAttempts.id, id), eq(authAttempts.codeHmac, hmac)))
    .returning()
  return announced(row)
}

/** A resend or a new start kills every other live code for the address: only the newest code works. */
export async function killCodes(db: Db, email: string, kind: 'email' | 'email_update', except?: string) {
  await db
    .update(authAttempts)
    .set({ codeHmac: null })
    .where(
      and(
        eq(authAttempts.email, email),
        eq(authAttempts.kind, kind),
        sql`${authAttempts.codeHmac} is not null`,
        except ? ne(authAttempts.id, except) : undefined,
      ),
    )
}

/** Takes the attempt that holds this approval digest, and clears it (a link approves once). */
export async function spendApproval(db: Db, approvalHash: string): Promise<Attempt | undefined> {
  const [row] = await db
    .update(authAttempts)
    .set({ approvalHash: null })
    .where(and(eq(authAttempts.approvalHash, approvalHash), eq(authAttempts.step, 'VERIFY_DEVICE')))
    .returning()
  return announced(row)
}

/** Takes the pending social attempt that holds this state digest, and clears it (a state works once). */
export async function spendState(db: Db, stateHash: string): Promise<Attempt | undefined> {
  const [row] = await db
    .update(authAttempts)
    .set({ stateHash: null })
    .where(and(eq(authAttempts.stateHash, stateHash), eq(authAttempts.step, 'pending')))
    .returning()
  return announced(row)
}

// ---------------------------------------------------------------------------------------------
// Users.

export async function user(db: Db, id: string): Promise<User | undefined> {
  const [row] = await db.select().from(authUsers).where(eq(authUsers.id, id)).limit(1)
  return row
}

export async function userByEmail(db: Db, email: string): Promise<User | undefined> {
  const [row] = await db.select().from(authUsers).where(eq(authUsers.email, email)).limit(1)
  return row
}

/** The user of a verified address, created when new (a race between two first logins ends in one user). */
export async function userForEmail(db: Db, email: string): Promise<User> {
  await db.insert(authUsers).values({ id: newId(), email }).onConflictDoNothing()
  return (await userByEmail(db, email))!
}

/** Links `email` to the user unless another user has it; false when taken. */
export async function setEmail(db: Db, userId: string, email: string): Promise<boolean> {
  const owner = await userByEmail(db, email)
  if (owner && owner.id !== userId) return false
  try {
    await db.update(authUsers).set({ email }).where(eq(authUsers.id, userId))
    return true
  } catch (error) {
    // The unique index: another user took it between the read and the write.
    if ((error as { code?: string }).code === '23505' || /auth_users_email/.test(String(error))) return false
    throw error
  }
}

export type Profile = {
  provider: string
  subject: string
  email?: string | undefined
  emailVerified: boolean
  userName?: string | undefined
}

/**
 * The user of a social account. Known (provider, subject): its user. New: the user of its email when
 * the provider vouches for the address (one wallet per person across login methods), else a new user
 * that takes the address only when verified.
 */
export async function userForIdentity(db: Db, profile: Profile): Promise<User> {
  const email = profile.emailVerified && profile.email ? profile.email.toLowerCase() : undefined
  const [known] = await db
    .select()
    .from(authIdentities)
    .where(and(eq(authIdentities.provider, profile.provider), eq(authIdentities.subject, profile.subject)))
    .limit(1)
  let userId = known?.userId
  if (!userId) {
    const candidate = email ? await userForEmail(db, email) : undefined
    userId = candidate?.id ?? newId()
    if (!candidate) await db.insert(authUsers).values({ id: userId }).onConflictDoNothing()
    await db
      .insert(authIdentities)
      .values({
        provider: profile.provider,
        subject: profile.subject,
        userId,
        email: profile.email ?? null,
        emailVerified: profile.emailVerified,
        userName: profile.userName ?? null,
      })
      .onConflictDoNothing()
    // Two first logins raced: the identity row that won names the user.
    const [row] = await db
      .select({ userId: authIdentities.userId })
      .from(authIdentities)
      .where(and(eq(authIdentities.provider, profile.provider), eq(authIdentities.subject, profile.subject)))
    userId = row!.userId
  } else {
    await db
      .update(authIdentities)
      .set({
        email: profile.email ?? null,
        emailVerified: profile.emailVerified,
        userName: profile.userName ?? null,
      })
      .where(and(eq(authIdentities.provider, profile.provider), eq(authIdentities.subject, profile.subject)))
  }
  const found = (await user(db, userId))!
  // A user without an address takes a newly verified one, if nobody else has it.
  if (email && !found.email && (await setEmail(db, found.id, email))) return { ...found, email }
  return found
}

/** The display name the provider gave at the user's latest login with it. */
export async function userName(db: Db, userId: string, provider: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userName: authIdentities.userName })
    .from(authIdentities)
    .where(and(eq(authIdentities.userId, userId), eq(authIdentities.provider, provider)))
    .limit(1)
  return row?.userName ?? undefined
}

// ---------------------------------------------------------------------------------------------
// Devices.

export async function knowsDevice(db: Db, userId: string, thumbprint: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: authDevices.userId })
    .from(authDevices)
    .where(and(eq(authDevices.userId, userId), eq(authDevices.thumbprint, thumbprint)))
    .limit(1)
  return row !== undefined
}

export async function addDevice(db: Db, userId: string, thumbprint: string): Promise<void> {
  await db.insert(authDevices).values({ userId, thumbprint }).onConflictDoNothing()
}

// ---------------------------------------------------------------------------------------------
// Sessions.

export async function insertSession(db: Db, row: typeof authSessions.$inferInsert, refreshHash: string) {
  await db.insert(authSessions).values(row)
  await db.insert(authRefreshTokens).values({ tokenHash: refreshHash, sessionId: row.id })
}

export async function session(db: Db, id: string): Promise<Session | undefined> {
  const [row] = await db.select().from(authSessions).where(eq(authSessions.id, id)).limit(1)
  return row
}

export async function refreshToken(db: Db, tokenHash: string) {
  const [row] = await db
    .select()
    .from(authRefreshTokens)
    .where(eq(authRefreshTokens.tokenHash, tokenHash))
    .limit(1)
  return row
}

/** Marks the token used; false when it was used already (a replay, or a racing refresh). */
export async function useRefreshToken(db: Db, tokenHash: string, now = new Date()): Promise<boolean> {
  const [row] = await db
    .update(authRefreshTokens)
    .set({ usedAt: now })
    .where(and(eq(authRefreshTokens.tokenHash, tokenHash), isNull(authRefreshTokens.usedAt)))
    .returning({ tokenHash: authRefreshTokens.tokenHash })
  return row !== undefined
}

export async function addRefreshToken(db: Db, sessionId: string, tokenHash: string): Promise<void> {
  await db.insert(authRefreshTokens).values({ tokenHash, sessionId })
}

export async function revokeSession(db: Db, id: string): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(authSessions.id, id), isNull(authSessions.revokedAt)))
}

/** Whether the session can still be used at `now`. */
export function live(row: Session, now: Date): boolean {
  return row.revokedAt === null && row.expiresAt > now
}
