// The signed-in user's passkeys: list them, add one (a registration ceremony bound to the user and
// to the session's device, its challenge single use like a login's), remove one. A removal never
// takes the account's last way to log in: it runs with the user's row locked, so two removals racing
// cannot both pass a check the other makes false.
import type {
  PasskeyList,
  PasskeyRegisterStartResponse,
  PasskeyRegistration,
  PasskeySummary,
  PrfRecoveryShare,
} from '@walletframe/protocol'
import { and, eq, ne, sql } from 'drizzle-orm'
import {
  authIdentities,
  authPasskeyFactor,
  authPasskeys,
  authPrfShares,
  authUsers,
  authWallets,
} from '../db/schema.js'
import { InvalidRequestError } from '../errors.js'
import * as DeviceKey from './deviceKey.js'
import {
  AttemptNotFoundError,
  LastLoginFactorError,
  LastRecoveryFactorError,
  PasskeyNotFoundError,
} from './errors.js'
import * as Factors from './factors.js'
import * as Passkey from './passkey.js'
import type * as Sessions from './sessions.js'
import * as Store from './store.js'
import * as Wallet from './wallet.js'

/** The user's passkeys, oldest first, and whether another login remains besides them. */
export async function list(context: Pick<Passkey.Context, 'db'>, userId: string): Promise<PasskeyList> {
  const rows = await context.db
    .select({
      credentialId: authPasskeys.credentialId,
      name: authPasskeys.name,
      createdAt: authPasskeys.createdAt,
      lastUsedAt: authPasskeys.lastUsedAt,
      backedUp: authPasskeys.backedUp,
      recovery: sql<boolean>`exists (select 1 from ${authPrfShares} where ${authPrfShares.credentialId} = ${authPasskeys.credentialId})`,
    })
    .from(authPasskeys)
    .where(eq(authPasskeys.userId, userId))
    .orderBy(authPasskeys.createdAt)
  const passkeys: PasskeySummary[] = rows.map((row) => ({
    credentialId: row.credentialId,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    backedUp: row.backedUp,
    recovery: row.recovery === true,
  }))
  const factors = await Factors.enabled(context, userId)
  return {
    passkeys,
    otherLogin: await otherLogin(context, userId),
    secondFactor: factors?.passkey === true,
    ...(Factors.passkeyOnly(factors) ? { sendThreshold: factors?.sendThresholdWei ?? null } : {}),
  }
}

/** Whether the user logs in some other way than a passkey: an email, or a linked social account. */
async function otherLogin(context: Pick<Passkey.Context, 'db'>, userId: string): Promise<boolean> {
  const [user] = await context.db
    .select({ email: authUsers.email })
    .from(authUsers)
    .where(eq(authUsers.id, userId))
    .limit(1)
  if (user?.email) return true
  const [identity] = await context.db
    .select({ userId: authIdentities.userId })
    .from(authIdentities)
    .where(eq(authIdentities.userId, userId))
    .limit(1)
  return identity !== undefined
}

/**
 * Options to add a passkey to the signed-in user: their user handle (the passkey logs in to this
 * account), none of their passkeys again, and an attempt held by this session's device.
 */
export async function addStart(
  context: Passkey.Context,
  authenticated: Sessions.Authenticated,
  input: { projectId: string; frameOrigin: string },
): Promise<PasskeyRegisterStartResponse> {
  const userId = authenticated.user.id
  const exclude = await context.db
    .select({ id: authPasskeys.credentialId, transports: authPasskeys.transports })
    .from(authPasskeys)
    .where(eq(authPasskeys.userId, userId))
  const options = await Passkey.creationOptions(context, { frameOrigin: input.frameOrigin, userId, exclude })
  const attempt = await Passkey.open(
    context,
    'passkey_add',
    { ...input, deviceKey: authenticated.session.deviceKey },
    options.challenge,
    userId,
  )
  return { attemptId: attempt.id, options, expiresAt: attempt.expiresAt.toISOString() }
}

/**
 * Verifies the new passkey and stores it for the signed-in user. The attempt must be this user's and
 * this session's device's: an attempt id seen elsewhere (another account, another browser) is unknown here.
 */
export async function addFinish(
  context: Passkey.Context,
  where: Pick<Passkey.Where, 'hostAllowed'>,
  authenticated: Sessions.Authenticated,
  input: {
    attemptId: string
    credential: PasskeyRegistration
    name: string
    prfShare?: PrfRecoveryShare | undefined
  },
): Promise<PasskeySummary> {
  // A copy must be the new passkey's own: any other credential id is refused before anything is spent.
  if (input.prfShare && input.prfShare.credentialId !== input.credential.id) {
    throw new InvalidRequestError('The recovery copy names another passkey', 'prfShare')
  }
  const attempt = await Store.attempt(context.db, input.attemptId)
  if (
    attempt?.kind !== 'passkey_add' ||
    attempt.userId !== authenticated.user.id ||
    attempt.deviceThumbprint !== (await DeviceKey.thumbprint(authenticated.session.deviceKey))
  ) {
    throw new AttemptNotFoundError()
  }
  const spent = await Passkey.spend(context, attempt)
  Passkey.checkTopOrigin(where, input.credential.response.clientDataJSON)
  const row = await Passkey.store(context, spent, input.credential, authenticated.user.id, input.name)
  // The stored id is the verified one: the copy is kept under it only if they agree.
  if (input.prfShare && row.credentialId === input.prfShare.credentialId) {
    await Wallet.storePrfShare(context, authenticated.user.id, input.prfShare)
  }
  return {
    credentialId: row.credentialId,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    backedUp: row.backedUp,
    recovery: input.prfShare !== undefined && row.credentialId === input.prfShare.credentialId,
  }
}

/**
 * Removes one of the user's passkeys, and the copy of the recovery share its PRF opened. Refused when
 * it is not theirs (404) or when it is their last way to log in (409).
 */
export async function remove(
  context: Pick<Passkey.Context, 'db'>,
  userId: string,
  credentialId: string,
): Promise<PasskeyList> {
  await context.db.transaction(async (tx) => {
    // The user's row, locked: every removal of this user's passkeys runs one after another.
    await tx.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.id, userId)).for('update')
    const [own] = await tx
      .select({ credentialId: authPasskeys.credentialId })
      .from(authPasskeys)
      .where(and(eq(authPasskeys.credentialId, credentialId), eq(authPasskeys.userId, userId)))
    if (!own) throw new PasskeyNotFoundError()
    const [other] = await tx
      .select({ credentialId: authPasskeys.credentialId })
      .from(authPasskeys)
      .where(and(eq(authPasskeys.userId, userId), ne(authPasskeys.credentialId, credentialId)))
      .limit(1)
    if (!other && !(await otherLogin({ db: tx }, userId))) throw new LastLoginFactorError()
    // A wallet with no recovery password recovers on a new device only with a passkey's copy of its
    // recovery share: the last copy does not go with its passkey.
    const [wallet] = await tx
      .select({ recoveryShare: authWallets.recoveryShare })
      .from(authWallets)
      .where(eq(authWallets.userId, userId))
    if (wallet && wallet.recoveryShare === null) {
      const [otherCopy] = await tx
        .select({ credentialId: authPrfShares.credentialId })
        .from(authPrfShares)
        .where(and(eq(authPrfShares.userId, userId), ne(authPrfShares.credentialId, credentialId)))
        .limit(1)
      if (!otherCopy) throw new LastRecoveryFactorError()
    }
    // The last passkey gone, a passkey can no longer be the factor: the choice goes with it (the
    // removal itself took a fresh factor), so the sensitive actions do not ask for what cannot answer.
    if (!other) await tx.delete(authPasskeyFactor).where(eq(authPasskeyFactor.userId, userId))
    await tx.delete(authPrfShares).where(eq(authPrfShares.credentialId, credentialId))
    await tx.delete(authPasskeys).where(eq(authPasskeys.credentialId, credentialId))
  })
  return list(context, userId)
}
