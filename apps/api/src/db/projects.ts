// Project rows: created by the CLI or seeded from the config file, read on every request.
import { randomBytes } from 'node:crypto'
import type { ReviewPolicy, SponsorshipPolicy } from '@walletframe/protocol'
import { asc, eq } from 'drizzle-orm'
import type { Db } from './Database.js'
import { projects } from './schema.js'

export type Project = typeof projects.$inferSelect

export type ProjectInput = {
  id?: string | undefined
  name: string
  allowedOrigins: string[]
  analyticsEnabled?: boolean | undefined
  /** Its gas sponsorship; none: it sponsors nothing. */
  sponsorship?: SponsorshipPolicy | undefined
  /** Its review policy; none: the defaults. */
  review?: ReviewPolicy | undefined
}

/** A fresh id in the shape WalletConnect Cloud uses: 32 hex characters. */
export function newId(): string {
  return randomBytes(16).toString('hex')
}

export async function create(db: Db, input: ProjectInput): Promise<Project> {
  const [row] = await db
    .insert(projects)
    .values({
      id: input.id ?? newId(),
      name: input.name,
      allowedOrigins: input.allowedOrigins,
      analyticsEnabled: input.analyticsEnabled ?? true,
      sponsorship: input.sponsorship ?? null,
      review: input.review ?? null,
    })
    .returning()
  return row!
}

/** Insert or overwrite: config-file projects are the source of truth for their own rows. */
export async function upsert(db: Db, input: ProjectInput & { id: string }): Promise<Project> {
  const values = {
    id: input.id,
    name: input.name,
    allowedOrigins: input.allowedOrigins,
    analyticsEnabled: input.analyticsEnabled ?? true,
    sponsorship: input.sponsorship ?? null,
    review: input.review ?? null,
  }
  const [row] = await db
    .insert(projects)
    .values(values)
    .onConflictDoUpdate({
      target: projects.id,
      set: {
        name: values.name,
        allowedOrigins: values.allowedOrigins,
        analyticsEnabled: values.analyticsEnabled,
        sponsorship: values.sponsorship,
        review: values.review,
      },
    })
    .returning()
  return row!
}

export async function find(db: Db, id: string): Promise<Project | undefined> {
  const [row] = await db.select().from(projects).where(eq(projects.id, id)).limit(1)
  return row
}

export async function list(db: Db): Promise<Project[]> {
  return db.select().from(projects).orderBy(asc(projects.createdAt), asc(projects.id))
}
