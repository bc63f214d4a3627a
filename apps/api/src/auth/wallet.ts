// The embedded wallet's shares at the API. Both calls need a live session (Bearer) and a fresh
// signature of the session's device key over the call and the access token: an access token that
// leaked (a log, a proxy) releases nothing without the non-extractable key in the frame.
import {
  type DeviceProof,
  EncryptedRecoveryShare,
  type WalletCreated,
  type WalletCreateRequest,
  type WalletProofPurpose,
  type WalletShares,
  walletSigningInput,
} from '@walletframe/protocol'
import * as DeviceKey from './deviceKey.js'
import * as Envelope from './envelope.js'
import { DeviceProofRejectedError, WalletExistsError } from './errors.js'
import * as Sessions from './sessions.js'
import * as WalletStore from './walletStore.js'

export type Context = Sessions.Context & { envelope: Envelope.Key }

/** Checks the device key's signature over (purpose, access token, timestamp). */
export async function checkProof(
  context: Pick<Context, 'now'>,
  authenticated: Sessions.Authenticated,
  input: { purpose: WalletProofPurpose; accessToken: string; proof: DeviceProof },
): Promise<void> {
  const now = context.now?.() ?? new Date()
  if (Math.abs(now.getTime() - input.proof.timestamp) > Sessions.refreshWindowMs) {
    throw new DeviceProofRejectedError(
      `the signed timestamp is more than ${Sessions.refreshWindowMs / 60_000} minutes from the server's time`,
    )
  }
  const signed = await DeviceKey.verify(
    authenticated.session.deviceKey,
    walletSigningInput(input.purpose, input.accessToken, input.proof.timestamp),
    input.proof.signature,
  )
  if (!signed) throw new DeviceProofRejectedError('the signature is not the session’s device key’s')
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

/** The shares the API keeps for the user, the auth share opened; `exists: false` before a create. */
export async function shares(context: Context, userId: string): Promise<WalletShares> {
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
    recoveryShare: EncryptedRecoveryShare.parse(row.recoveryShare),
  }
}
