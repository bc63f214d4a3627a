// Registered names in the database: insert one, read by name, by address, and which of some
// candidate names are taken.
import { desc, eq, inArray, or } from 'drizzle-orm'
import type { Db } from './Database.js'
import { names } from './schema.js'

export type NameRow = typeof names.$inferSelect

/** Why an insert was refused: the name is someone's, or the same signed message was used before. */
export type Conflict = 'taken' | 'replayed'

/** Inserts `row`; answers the conflict instead when the name or the message was registered before. */
export async function insert(
  db: Db,
  row: Omit<NameRow, 'createdAt'>,
): Promise<{ row: NameRow } | { conflict: Conflict }> {
  // ON CONFLICT DO NOTHING (no unique-violation exception): two racing registrations of one name
  // both reach this, and the loser must get a 409, not a 500.
  const [inserted] = await db.insert(names).values(row).onConflictDoNothing().returning()
  if (inserted) return { row: inserted }
  const [existing] = await db
    .select({ messageHash: names.messageHash })
    .from(names)
    .where(or(eq(names.messageHash, row.messageHash), eq(names.name, row.name)))
    .limit(1)
  return { conflict: existing?.messageHash === row.messageHash ? 'replayed' : 'taken' }
}

export async function byName(db: Db, name: string): Promise<NameRow | undefined> {
  const [row] = await db.select().from(names).where(eq(names.name, name)).limit(1)
  return row
}

/** The names of `address` (EIP-55), newest first. */
export async function byAddress(db: Db, address: string, limit = 50): Promise<NameRow[]> {
  return db
    .select()
    .from(names)
    .where(eq(names.address, address))
    .orderBy(desc(names.createdAt), desc(names.name))
    .limit(limit)
}

/** Which of `candidates` are registered. */
export async function taken(db: Db, candidates: readonly string[]): Promise<Set<string>> {
  if (candidates.length === 0) return new Set()
  const rows = await db
    .select({ name: names.name })
    .from(names)
    .where(inArray(names.name, [...candidates]))
  return new Set(rows.map((row) => row.name))
}
