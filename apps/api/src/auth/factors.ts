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
  /** Sends of more native coin than this (wei) ask for a fresh factor; null: none. */
  sendThresholdWei: string | null
}

/** Whether the user's only factor is a passkey (no authenticator app): the words ask for the passkey then. */
export function passkeyOnly(enabled: Enabled | undefined): boolean {
  return enabled?.passkey === true && enabled.totp === undefined
}

/** The user's passkey factor row, when they chose a passkey as a second factor. */
async function passkeyRow(db: Db, userId: string) {
  const [row] = await db
    .select({ sendThresholdWei: authPasskeyFactor.sendThresholdWei })
    .from(authPasskeyFactor)
    .where(eq(authPasskeyFactor.userId, userId))
    .limit(1)
  return row
}

/** Whether the user chose a passkey as a second factor. */
export async function passkeyOn(db: Db, userId: string): Promise<boolean> {
  return (await passkeyRow(db, userId)) !== undefined
}

/** The user's factors when any is on, else undefined. */
export async function enabled(context: { db: Db }, userId: string): Promise<Enabled | undefined> {
  const [totp, passkey] = await Promise.all([
    Totp.enabledFactor(context, userId),
    passkeyRow(context.db, userId),
  ])
  if (!totp && !passkey) return undefined
  // With the app on, its row holds the threshold; a passkey alone keeps its own.
  return {
    totp,
    passkey: passkey !== undefined,
    sendThresholdWei: totp ? totp.sendThresholdWei : (passkey?.sendThresholdWei ?? null),
  }
}

/** Records the choice (again: nothing changes). */
export async function turnPasskeyOn(db: Db, userId: string, now: Date): Promise<void> {
  await db.insert(authPasskeyFactor).values({ userId, enabledAt: now }).onConflictDoNothing()
}

/** Sets the passkey factor's threshold; false when the passkey is not the user's factor. */
export async function setPasskeyThreshold(db: Db, userId: string, wei: string | null): Promise<boolean> {
  const updated = await db
    .update(authPasskeyFactor)
    .set({ sendThresholdWei: wei })
    .where(eq(authPasskeyFactor.userId, userId))
    .returning({ userId: authPasskeyFactor.userId })
  return updated.length > 0
}

export async function turnPasskeyOff(db: Db, userId: string): Promise<void> {
  await db.delete(authPasskeyFactor).where(eq(authPasskeyFactor.userId, userId))
}
