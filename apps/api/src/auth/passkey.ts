// Passkey login: WebAuthn registration (a new user whose only factor is the passkey) and assertion
// (that user again, on any device the passkey reaches), verified by @simplewebauthn/server. The
// relying party is the frame's site. Each start keeps its challenge in the attempt row, five minutes
// and single use: the finish spends it with one conditional UPDATE before anything is verified, so a
// replayed or raced response finds it gone in every process. Like every login, a finish must carry
// the starting device key's proof, and the session is bound to that key.
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server'
import { decodeClientDataJSON, isoBase64URL, isoUint8Array } from '@simplewebauthn/server/helpers'
import {
  type AuthConnected,
  connectSigningInput,
  type DeviceProof as DeviceProofBody,
  type DevicePublicKey,
  type PasskeyAssertion,
  type PasskeyLoginStartResponse,
  type PasskeyRegisterStartResponse,
  type PasskeyRegistration,
} from '@walletframe/protocol'
import { and, eq, lt, or } from 'drizzle-orm'
import { authAttempts, authPasskeys, authUsers } from '../db/schema.js'
import * as DeviceKey from './deviceKey.js'
import * as DeviceProof from './deviceProof.js'
import {
  AttemptExpiredError,
  AttemptNotFoundError,
  AttemptStateError,
  PasskeyRejectedError,
} from './errors.js'
import * as Factors from './factors.js'
import { newId } from './secrets.js'
import * as Sessions from './sessions.js'
import * as Store from './store.js'

/** How long a challenge holds: the browser's dialog times out after one minute, the rest is slack. */
export const lifetimeMs = 5 * 60_000
/** The browser's own timeout for the dialog. */
export const timeoutMs = 60_000
/** ES256 (what platform authenticators make) and RS256 (Windows Hello). */
const algorithms = [-7, -257]

export type Context = Sessions.Context & {
  /** The configured relying party id (the frame's registrable domain), if any. */
  rpId?: string | undefined
  rpName: string
}

/** Where a ceremony runs: the project, the frame origin, and which top-level pages may embed it. */
export type Where = {
  projectId: string
  frameOrigin: string
  /** Whether a host page may embed the frame's ceremony (the project's allowed origins). */
  hostAllowed(origin: string): boolean
}

const now = (context: Context) => context.now?.() ?? new Date()

/** The relying party of a ceremony on `frameOrigin`: the configured site, else the frame's host name. */
export function rpIdOf(context: Pick<Context, 'rpId'>, frameOrigin: string): string {
  return context.rpId ?? new URL(frameOrigin).hostname
}

/** The WebAuthn user handle of a user: their id's bytes (no personal data, as the spec asks). */
function userHandle(userId: string): Uint8Array<ArrayBuffer> {
  return isoUint8Array.fromUTF8String(userId) as Uint8Array<ArrayBuffer>
}

/** The passkey ceremonies an attempt row can hold. */
export type Kind = 'passkey_register' | 'passkey_login' | 'passkey_add' | 'passkey_factor'

/** Opens a ceremony's attempt with its challenge (the one of the options given out). */
export async function open(
  context: Context,
  kind: Kind,
  input: { deviceKey: DevicePublicKey; projectId: string; frameOrigin: string },
  challenge: string,
  userId?: string,
  /** What the ceremony is for, kept with it (a fresh factor's action). */
  purpose?: string,
) {
  const expiresAt = new Date(now(context).getTime() + lifetimeMs)
  // Old passkey attempts are dead weight (nothing polls them): each start sweeps the expired ones.
  await context.db
    .delete(authAttempts)
    .where(
      and(
        or(
          eq(authAttempts.kind, 'passkey_register'),
          eq(authAttempts.kind, 'passkey_login'),
          eq(authAttempts.kind, 'passkey_add'),
          eq(authAttempts.kind, 'passkey_factor'),
        ),
        lt(authAttempts.expiresAt, now(context)),
      ),
    )
  return Store.insertAttempt(context.db, {
    id: newId(),
    kind,
    step: 'pending',
    projectId: input.projectId,
    frameOrigin: input.frameOrigin,
    provider: purpose ?? 'passkey',
    deviceKey: input.deviceKey,
    deviceThumbprint: await DeviceKey.thumbprint(input.deviceKey),
    nonce: challenge,
    userId: userId ?? null,
    expiresAt,
  })
}

/**
 * Options for navigator.credentials.create: a discoverable credential with user verification for
 * `userId`, none of `exclude` again (the browser refuses an authenticator that holds one).
 */
export async function creationOptions(
  context: Context,
  input: { frameOrigin: string; userId: string; exclude: { id: string; transports: string[] }[] },
): Promise<PasskeyRegisterStartResponse['options']> {
  const options = await generateRegistrationOptions({
    rpName: context.rpName,
    rpID: rpIdOf(context, input.frameOrigin),
    userID: userHandle(input.userId),
    // What the passkey manager lists; the user has no other name with us.
    userName: `Wallet ${input.userId.slice(0, 6)}`,
    userDisplayName: 'Walletframe wallet',
    timeout: timeoutMs,
    attestationType: 'none',
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    supportedAlgorithmIDs: algorithms,
  })
  return {
    challenge: options.challenge,
    rp: options.rp,
    user: options.user,
    pubKeyCredParams: options.pubKeyCredParams.map(({ alg }) => ({ alg, type: 'public-key' as const })),
    timeout: timeoutMs,
    excludeCredentials: input.exclude.map(({ id, transports }) => ({
      id,
      type: 'public-key' as const,
      ...(transports.length ? { transports } : {}),
    })),
    authenticatorSelection: {
      residentKey: 'required',
      requireResidentKey: true,
      userVerification: 'required',
    },
    attestation: 'none',
    extensions: { credProps: true },
  }
}

/** A new user's passkey: the options for navigator.credentials.create, a discoverable credential with user verification. */
export async function registerStart(
  context: Context,
  input: { deviceKey: DevicePublicKey; projectId: string; frameOrigin: string },
): Promise<PasskeyRegisterStartResponse> {
  const userId = newId()
  const options = await creationOptions(context, { frameOrigin: input.frameOrigin, userId, exclude: [] })
  const attempt = await open(context, 'passkey_register', input, options.challenge, userId)
  return { attemptId: attempt.id, options, expiresAt: attempt.expiresAt.toISOString() }
}

/** A login with any passkey of this site (discoverable: the browser lists them). */
export async function loginStart(
  context: Context,
  input: { deviceKey: DevicePublicKey; projectId: string; frameOrigin: string },
): Promise<PasskeyLoginStartResponse> {
  const rpId = rpIdOf(context, input.frameOrigin)
  const options = await generateAuthenticationOptions({
    rpID: rpId,
    timeout: timeoutMs,
    userVerification: 'required',
    allowCredentials: [],
  })
  const attempt = await open(context, 'passkey_login', input, options.challenge)
  return {
    attemptId: attempt.id,
    options: { challenge: options.challenge, rpId, timeout: timeoutMs, userVerification: 'required' },
    expiresAt: attempt.expiresAt.toISOString(),
  }
}

/**
 * The attempt of a finish, the device's proof checked and spent, and its challenge spent: whatever the
 * response turns out to be, the challenge is gone, so it works once and an attacker gets one guess.
 */
async function take(
  context: Context,
  kind: 'passkey_register' | 'passkey_login',
  input: { attemptId: string; proof: DeviceProofBody },
): Promise<Store.Attempt & { nonce: string }> {
  const attempt = await Store.attempt(context.db, input.attemptId)
  if (attempt?.kind !== kind) throw new AttemptNotFoundError()
  await DeviceProof.spend(
    context,
    attempt.deviceKey!,
    connectSigningInput(attempt.id, input.proof.timestamp),
    input.proof,
  )
  return spend(context, attempt)
}

/** Spends the attempt's challenge (one conditional UPDATE, so it works once in every process). */
export async function spend(
  context: Context,
  attempt: Store.Attempt,
): Promise<Store.Attempt & { nonce: string }> {
  if (attempt.expiresAt <= now(context)) throw new AttemptExpiredError()
  const challenge = attempt.nonce
  const spent =
    challenge !== null &&
    (await Store.advance(
      context.db,
      attempt.id,
      'pending',
      { step: 'connected', nonce: null },
      eq(authAttempts.nonce, challenge),
    ))
  if (!spent) throw new AttemptStateError('This passkey challenge was used already; start again')
  return { ...attempt, nonce: challenge }
}

/**
 * The page the frame ran in, when the browser says (clientDataJSON.topOrigin of a cross-origin
 * iframe): it must be a page the project allows, or any site could frame the ceremony and relay it.
 */
export function checkTopOrigin(
  where: Pick<Where, 'hostAllowed'>,
  clientDataJSON: string,
): string | undefined {
  const { crossOrigin, topOrigin } = decodeClientDataJSON(clientDataJSON)
  if (!crossOrigin) return undefined
  // Safari sends crossOrigin without topOrigin; the origin check (the frame's) still holds.
  if (topOrigin === undefined) return undefined
  if (!where.hostAllowed(topOrigin))
    throw new PasskeyRejectedError('the page around the frame is not allowed')
  return topOrigin
}

async function connected(
  context: Context,
  attempt: Store.Attempt,
  user: Store.User,
  factorPassed = false,
): Promise<AuthConnected> {
  await Store.addDevice(context.db, user.id, attempt.deviceThumbprint!)
  const tokens = await Sessions.create(context, {
    userId: user.id,
    authProvider: 'passkey',
    deviceKey: attempt.deviceKey!,
    factorPassed,
  })
  return { action: 'CONNECT', user: await Sessions.describe(context.db, user, 'passkey'), tokens }
}

/**
 * Verifies a registration against the attempt's spent challenge and stores the passkey for `userId`,
 * named `name`; refuses a credential seen before.
 */
export async function store(
  context: Context,
  attempt: Store.Attempt & { nonce: string },
  credential: PasskeyRegistration,
  userId: string,
  name?: string,
): Promise<typeof authPasskeys.$inferSelect> {
  const rpId = rpIdOf(context, attempt.frameOrigin)
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>
  try {
    verified = await verifyRegistrationResponse({
      // What the checks read; extensions carry nothing the server uses (PRF stays in the frame).
      response: {
        id: credential.id,
        rawId: credential.rawId,
        type: 'public-key',
        clientExtensionResults: {},
        response: {
          clientDataJSON: credential.response.clientDataJSON,
          attestationObject: credential.response.attestationObject,
        },
      },
      expectedChallenge: attempt.nonce,
      expectedOrigin: attempt.frameOrigin,
      expectedRPID: rpId,
      requireUserVerification: true,
      supportedAlgorithmIDs: algorithms,
    })
  } catch (error) {
    throw new PasskeyRejectedError(reason(error))
  }
  if (!verified.verified) throw new PasskeyRejectedError('the registration does not verify')
  const { credential: made, credentialDeviceType, credentialBackedUp } = verified.registrationInfo
  await context.db.insert(authUsers).values({ id: userId }).onConflictDoNothing()
  const [stored] = await context.db
    .insert(authPasskeys)
    .values({
      credentialId: made.id,
      userId,
      rpId,
      publicKey: isoBase64URL.fromBuffer(made.publicKey),
      counter: made.counter,
      transports: credential.response.transports ?? [],
      deviceType: credentialDeviceType,
      backedUp: credentialBackedUp,
      name: name ?? null,
      createdAt: now(context),
      lastUsedAt: now(context),
    })
    .onConflictDoNothing()
    .returning()
  // An authenticator makes a new id for each credential: one seen before is a replayed registration.
  if (!stored) throw new PasskeyRejectedError('this passkey is registered already')
  return stored
}

/** Verifies a new passkey; a new user with it as their login, and a session. */
export async function registerFinish(
  context: Context,
  where: Pick<Where, 'hostAllowed'>,
  input: { attemptId: string; credential: PasskeyRegistration; proof: DeviceProofBody; name?: string },
): Promise<AuthConnected> {
  const attempt = await take(context, 'passkey_register', input)
  checkTopOrigin(where, input.credential.response.clientDataJSON)
  const userId = attempt.userId!
  await store(context, attempt, input.credential, userId, input.name)
  return connected(context, attempt, (await Store.user(context.db, userId))!)
}

/**
 * Verifies `response` against the attempt's spent challenge: a passkey registered on the attempt's
 * relying party, naming its own user, user verification done, its counter moved forward once. Answers
 * the passkey's row (its user is the caller's to check).
 */
export async function verifyAssertion(
  context: Context,
  where: Pick<Where, 'hostAllowed'>,
  attempt: Store.Attempt & { nonce: string },
  response: PasskeyAssertion,
): Promise<typeof authPasskeys.$inferSelect> {
  if (response.id !== response.rawId) throw new PasskeyRejectedError('the credential id and raw id differ')
  const rpId = rpIdOf(context, attempt.frameOrigin)
  const [passkey] = await context.db
    .select()
    .from(authPasskeys)
    .where(and(eq(authPasskeys.credentialId, response.id), eq(authPasskeys.rpId, rpId)))
    .limit(1)
  if (!passkey) throw new PasskeyRejectedError('this passkey is not registered here')
  // A discoverable credential names its user: it must be the one the passkey was registered for.
  const handle = response.response.userHandle
  if (handle !== undefined && handle !== isoBase64URL.fromBuffer(userHandle(passkey.userId))) {
    throw new PasskeyRejectedError('the passkey names another user')
  }
  const topOrigin = checkTopOrigin(where, response.response.clientDataJSON)
  let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>
  try {
    verified = await verifyAuthenticationResponse({
      response: {
        id: response.id,
        rawId: response.rawId,
        type: 'public-key',
        clientExtensionResults: {},
        response: {
          clientDataJSON: response.response.clientDataJSON,
          authenticatorData: response.response.authenticatorData,
          signature: response.response.signature,
          ...(handle !== undefined ? { userHandle: handle } : {}),
        },
      },
      expectedChallenge: attempt.nonce,
      expectedOrigin: attempt.frameOrigin,
      expectedRPID: rpId,
      ...(topOrigin ? { expectedTopOrigin: topOrigin } : {}),
      credential: {
        id: passkey.credentialId,
        publicKey: isoBase64URL.toBuffer(passkey.publicKey) as Uint8Array<ArrayBuffer>,
        counter: passkey.counter,
      },
      requireUserVerification: true,
    })
  } catch (error) {
    throw new PasskeyRejectedError(reason(error))
  }
  if (!verified.verified) throw new PasskeyRejectedError('the signature does not verify')
  const { newCounter } = verified.authenticationInfo
  // Synced passkeys count nothing (always 0). A counting authenticator must move forward, and two
  // processes verifying one count must not both pass: the UPDATE takes it once.
  const [moved] = await context.db
    .update(authPasskeys)
    .set({ counter: newCounter, lastUsedAt: now(context) })
    .where(
      and(
        eq(authPasskeys.credentialId, passkey.credentialId),
        newCounter === 0 ? eq(authPasskeys.counter, 0) : lt(authPasskeys.counter, newCounter),
      ),
    )
    .returning({ credentialId: authPasskeys.credentialId })
  if (!moved) throw new PasskeyRejectedError('the authenticator’s counter went back (a cloned passkey?)')
  return passkey
}

/** Verifies an assertion of a known passkey; a session for its user. */
export async function loginFinish(
  context: Context,
  where: Pick<Where, 'hostAllowed'>,
  input: { attemptId: string; credential: PasskeyAssertion; proof: DeviceProofBody },
): Promise<AuthConnected> {
  const attempt = await take(context, 'passkey_login', input)
  const passkey = await verifyAssertion(context, where, attempt, input.credential)
  const user = await Store.user(context.db, passkey.userId)
  if (!user) throw new PasskeyRejectedError('this passkey’s account is gone')
  // A user whose second factor is a passkey just gave one, with user verification: the session has
  // passed it, and opening the wallet asks no second touch. The authenticator app is another thing
  // than the passkey (it stands against a synced passkey in other hands), so its users still give it.
  const enabled = await Factors.enabled(context, user.id)
  return connected(context, attempt, user, Factors.passkeyOnly(enabled))
}

/**
 * The library's reason, which names the check that failed (challenge, origin, RP ID, signature),
 * without the values it quotes: they are the server's expectations, not the caller's business.
 */
function reason(error: unknown): string {
  const message = (error instanceof Error ? error.message : String(error)).replace(/"[^"]*"/g, '…')
  return message.length > 200 ? `${message.slice(0, 200)}…` : message
}
