// The embedded wallet's shares at the API. Both calls need a live session (Bearer) and a fresh
// signature of the session's device key over the call and the access token: an access token that
// leaked (a log, a proxy) releases nothing without the non-extractable key in the frame.
import {
  type DeviceProof as DeviceProofBody,
  EncryptedRecoveryShare,
  type PrfRecoveryShare,
  prfRecoveryScheme,
  type WalletCreated,
  type WalletCreateRequest,
  type WalletProofPurpose,
  type WalletShares,
  walletSigningInput,
} from '@walletframe/protocol'
import { and, eq } from 'drizzle-orm'
import { authPasskeys, authPrfShares } from '../db/schema.js'
import * as DeviceProof from './deviceProof.js'
import * as Envelope from './envelope.js'
import {
  PasskeyNotFoundError,
  RecoveryPasswordExistsError,
  RecoveryShareRequiredError,
  WalletExistsError,
  WalletMissingError,
} from './errors.js'
import * as Sessions from './sessions.js'
import * as WalletStore from './walletStore.js'

export type Context = Sessions.Context & { envelope: Envelope.Key }

/** Checks and spends the session device key's signature over (purpose, access token, timestamp). */
export function checkProof(
  context: DeviceProof.Context,
  authenticated: Sessions.Authenticated,
  input: { purpose: WalletProofPurpose; accessToken: string; proof: DeviceProofBody },
): Promise<void> {
  return DeviceProof.spend(
    context,
    authenticated.session.deviceKey,
    walletSigningInput(input.purpose, input.accessToken, input.proof.timestamp),
    input.proof,
  )
}

/**
 * The session behind an `Authorization: Bearer` header, its device key's proof over `purpose` and
 * that very token checked and spent: a leaked access token alone gets nowhere.
 */
export async function authorize(
  context: Context,
  header: string | undefined,
  input: { purpose: WalletProofPurpose; proof: DeviceProofBody },
): Promise<Sessions.Authenticated> {
  const authenticated = await Sessions.authenticate(context, header)
  const accessToken = header!.slice('Bearer '.length)
  await checkProof(context, authenticated, { ...input, accessToken })
  return authenticated
}

/**
 * Stores a new wallet's auth share (sealed) and recovery share (the frame's ciphertexts: under the
 * password, under the login passkey's PRF output, or both; never neither), once.
 */
export async function create(
  context: Context,
  userId: string,
  request: Pick<WalletCreateRequest, 'addresses' | 'authShare' | 'recoveryShare' | 'prfShare'>,
): Promise<WalletCreated> {
  // Checked before the wallet is stored: a copy for a passkey that is not the user's is refused whole.
  if (request.prfShare) await ownPasskey(context, userId, request.prfShare.credentialId)
  // The request schema refuses neither; checked here too, as a wallet no new device could open is lost.
  if (!request.recoveryShare && !request.prfShare) throw new RecoveryShareRequiredError()
  const row = await WalletStore.insert(context.db, {
    userId,
    evmAddress: request.addresses.eip155,
    solanaAddress: request.addresses.solana,
    authShare: Envelope.seal(context.envelope, Buffer.from(request.authShare, 'base64url'), userId),
    envelopeKeyId: context.envelope.id,
    recoveryShare: request.recoveryShare ?? null,
  })
  if (!row) throw new WalletExistsError()
  if (request.prfShare) await storePrfShare(context, userId, request.prfShare)
  return {
    addresses: { eip155: row.evmAddress, solana: row.solanaAddress },
    createdAt: row.createdAt.toISOString(),
  }
}

/**
 * The shares the API keeps for the user, the auth share opened; `exists: false` before a create. The
 * recovery ciphertext comes only when asked for: a device holding its device share never needs it.
 */
export async function shares(
  context: Context,
  userId: string,
  recovery = false,
  prfCredentialId?: string,
): Promise<WalletShares> {
  const row = await WalletStore.ofUser(context.db, userId)
  if (!row) return { exists: false }
  if (row.envelopeKeyId !== context.envelope.id) {
    throw new Error(`Wallet of ${userId} is sealed with envelope key ${row.envelopeKeyId}, not configured`)
  }
  return {
    exists: true,
    addresses: { eip155: row.evmAddress, solana: row.solanaAddress },
    authShare: Buffer.from(Envelope.open(context.envelope, row.authShare, userId)).toString('base64url'),
    recoveryPassword: row.recoveryShare !== null,
    // Parsed like any input: the row is what a create stored, but a schema change must not leak through.
    ...(recovery && row.recoveryShare
      ? { recoveryShare: EncryptedRecoveryShare.parse(row.recoveryShare) }
      : {}),
    ...(recovery && prfCredentialId ? await prfShareOf(context, userId, prfCredentialId) : {}),
  }
}

/**
 * Adds the recovery share under a password to a wallet that has none (one a PRF passkey alone
 * protected), in one conditional UPDATE: a wallet that has a password keeps it (409), so a stolen
 * session cannot swap the user's password for one of its own.
 */
export async function addRecoveryPassword(
  context: Pick<Context, 'db'>,
  userId: string,
  recoveryShare: EncryptedRecoveryShare,
): Promise<void> {
  if (!(await WalletStore.ofUser(context.db, userId))) throw new WalletMissingError()
  if (!(await WalletStore.setRecoveryShare(context.db, userId, recoveryShare))) {
    throw new RecoveryPasswordExistsError()
  }
}

/** Refuses a credential that is not one of the user's passkeys. */
async function ownPasskey(context: Pick<Context, 'db'>, userId: string, credentialId: string) {
  const [own] = await context.db
    .select({ credentialId: authPasskeys.credentialId })
    .from(authPasskeys)
    .where(and(eq(authPasskeys.credentialId, credentialId), eq(authPasskeys.userId, userId)))
    .limit(1)
  if (!own) throw new PasskeyNotFoundError()
}

/** Stores a passkey's copy of the recovery share (the passkey is the user's: checked by the caller). */
export async function storePrfShare(context: Pick<Context, 'db'>, userId: string, share: PrfRecoveryShare) {
  await context.db
    .insert(authPrfShares)
    .values({
      credentialId: share.credentialId,
      userId,
      salt: share.salt,
      iv: share.iv,
      ciphertext: share.ciphertext,
    })
    .onConflictDoNothing()
}

/** The passkey's copy, only for its own user: another user's credential id finds nothing. */
async function prfShareOf(
  context: Pick<Context, 'db'>,
  userId: string,
  credentialId: string,
): Promise<{ prfShare?: PrfRecoveryShare }> {
  const [row] = await context.db
    .select()
    .from(authPrfShares)
    .where(and(eq(authPrfShares.credentialId, credentialId), eq(authPrfShares.userId, userId)))
    .limit(1)
  if (!row) return {}
  return {
    prfShare: {
      scheme: prfRecoveryScheme,
      credentialId: row.credentialId,
      salt: row.salt,
      iv: row.iv,
      ciphertext: row.ciphertext,
    },
  }
}
