// The embedded wallet's shares at the API. Both calls need a live session (Bearer) and a fresh
// signature of the session's device key over the call and the access token: an access token that
// leaked (a log, a proxy) releases nothing without the non-extractable key in the frame.
import {
  type DeviceProof as DeviceProofBody,
  EncryptedRecoveryShare,
  type WalletCreated,
  type WalletCreateRequest,
  type WalletProofPurpose,
  type WalletShares,
  walletSigningInput,
} from '@walletframe/protocol'
import * as DeviceProof from './deviceProof.js'
import * as Envelope from './envelope.js'
import { WalletExistsError } from './errors.js'
import type * as Sessions from './sessions.js'
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

/** Stores a new wallet's auth share (sealed) and recovery share (the frame's ciphertext), once. */
export async function create(
  context: Context,
  userId: string,
  request: Pick<WalletCreateRequest, 'addresses' | 'authShare' | 'recoveryShare'>,
): Promise<WalletCreated> {
  const row = await WalletStore.insert(context.db, {
    userId,
    evmAddress: request.addresses.eip155,
    solanaAddress: request.addresses.solana,
    authShare: Envelope.seal(context.envelope, Buffer.from(request.authShare, 'base64url'), userId),
    envelopeKeyId: context.envelope.id,
    recoveryShare: request.recoveryShare,
  })
  if (!row) throw new WalletExistsError()
  return {
    addresses: { eip155: row.evmAddress, solana: row.solanaAddress },
    createdAt: row.createdAt.toISOString(),
  }
}

/**
 * The shares the API keeps for the user, the auth share opened; `exists: false` before a create. The
 * recovery ciphertext comes only when asked for: a device holding its device share never needs it.
 */
export async function shares(context: Context, userId: string, recovery = false): Promise<WalletShares> {
  const row = await WalletStore.ofUser(context.db, userId)
  if (!row) return { exists: false }
  if (row.envelopeKeyId !== context.envelope.id) {
    throw new Error(`Wallet of ${userId} is sealed with envelope key ${row.envelopeKeyId}, not configured`)
  }
  return {
    exists: true,
    addresses: { eip155: row.evmAddress, solana: row.solanaAddress },
    authShare: Buffer.from(Envelope.open(context.envelope, row.authShare, userId)).toString('base64url'),
    // Parsed like any input: the row is what a create stored, but a schema change must not leak through.
    ...(recovery ? { recoveryShare: EncryptedRecoveryShare.parse(row.recoveryShare) } : {}),
  }
}
