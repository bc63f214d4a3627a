// The second factor a user chose: the authenticator app (TOTP, with its send threshold), a passkey,
// or both. Either one on makes the sensitive actions ask for a fresh factor, which either answers.
import { eq } from 'drizzle-orm'
import type { Db } from '../db/Database.js'
import { authPasskeyFactor } from '../db/schema.js'
import * as Totp from './totp.js'
import type * as TotpStore from './totpStore.js'

export type Enabled = {
  /** The authenticator app, when on. */
  totp: TotpStore.Factor | undefined
  /** Whether the user chose a passkey as a factor. */
  passkey: boolean
  /** Sends of more native coin than this (wei) ask for a fresh factor; set with the app only, null: none. */
  sendThresholdWei: string | null
}

/** Whether the user chose a passkey as a second factor. */
export async function passkeyOn(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: authPasskeyFactor.userId })
    .from(authPasskeyFactor)
    .where(eq(authPasskeyFactor.userId, userId))
    .limit(1)
  return row !== undefined
}

/** The user's factors when any is on, else undefined. */
export async function enabled(context: { db: Db }, userId: string): Promise<Enabled | undefined> {
  const [totp, passkey] = await Promise.all([
    Totp.enabledFactor(context, userId),
    passkeyOn(context.db, userId),
  ])
  if (!totp && !passkey) return undefined
  return { totp, passkey, sendThresholdWei: totp?.sendThresholdWei ?? null }
}

/** Records the choice (again: nothing changes). */
export async function turnPasskeyOn(db: Db, userId: string, now: Date): Promise<void> {
  await db.insert(authPasskeyFactor).values({ userId, enabledAt: now }).onConflictDoNothing()
}

export async function turnPasskeyOff(db: Db, userId: string): Promise<void> {
  await db.delete(authPasskeyFactor).where(eq(authPasskeyFactor.userId, userId))
}
