// Sign In With Farcaster with the API as the app: start opens a channel on the auth relay with a nonce
// the API made (single use, bound to the attempt) and gives the frame the channel's URL for the Farcaster
// app; the frame polls the attempt, and each poll asks the relay; once the Farcaster app has signed, the
// SIWF message is verified with @farcaster/auth-client (nonce, domain, signature, and the signer's
// custody of the fid on the IdRegistry chain), the nonce is spent and the user keyed by (farcaster, fid).
// CONNECT then opens the session as social login does.
import { type AppClient, createAppClient, viemConnector } from '@farcaster/auth-client'
import type {
  AuthConnected,
  DeviceProof,
  DevicePublicKey,
  FarcasterStartResponse,
} from '@walletframe/protocol'
import { eq } from 'drizzle-orm'
import { generateSiweNonce } from 'viem/siwe'
import { authAttempts } from '../db/schema.js'
import type { AuthOptions } from './config.js'
import * as DeviceKey from './deviceKey.js'
import { AuthNotConfiguredError } from './errors.js'
import * as HandedOver from './handedOver.js'
import { newId } from './secrets.js'
import type * as Sessions from './sessions.js'
import { ProviderUnavailableError } from './social.js'
import * as Store from './store.js'

/** How long the user has to sign in with the Farcaster app. */
const lifetimeMs = 10 * 60_000

export type Context = Sessions.Context & {
  /** The relay and custody verifier; undefined when Farcaster is not configured. */
  farcaster: AppClient | undefined
}

/** The auth client for the configured relay and IdRegistry chain. */
export function create(settings: AuthOptions['farcaster']): AppClient | undefined {
  if (!settings) return undefined
  return createAppClient({ relay: settings.relayUrl, ethereum: viemConnector({ rpcUrl: settings.rpcUrl }) })
}

const now = (context: Context) => context.now?.() ?? new Date()

function clientOf(context: Context): AppClient {
  if (!context.farcaster) throw new AuthNotConfiguredError('Login with Farcaster', 'provider')
  return context.farcaster
}

/** What the SIWF message must name: the frame the user signs in to (EIP-4361 domain is host[:port]). */
export function expected(frameOrigin: string): { domain: string; uri: string } {
  const url = new URL(frameOrigin)
  return { domain: url.host, uri: `${url.origin}/` }
}

export async function start(
  context: Context,
  input: { deviceKey: DevicePublicKey; projectId: string; frameOrigin: string },
): Promise<FarcasterStartResponse> {
  const client = clientOf(context)
  const nonce = generateSiweNonce()
  const expiresAt = new Date(now(context).getTime() + lifetimeMs)
  const { domain, uri } = expected(input.frameOrigin)
  const channel = await client.createChannel({
    siweUri: uri,
    domain,
    nonce,
    // The signed message dies with the attempt.
    expirationTime: expiresAt.toISOString(),
    // Custody signatures only: the verifier checks the fid's custody address on the IdRegistry.
    acceptAuthAddress: false,
  })
  if (channel.isError)
    throw new ProviderUnavailableError('Farcaster', channel.error?.message ?? 'relay error')
  if (channel.response.status !== 201 || channel.data.nonce !== nonce)
    throw new ProviderUnavailableError('Farcaster', `relay answered ${channel.response.status}`)
  const attempt = await Store.insertAttempt(context.db, {
    id: newId(),
    kind: 'farcaster',
    step: 'pending',
    projectId: input.projectId,
    frameOrigin: input.frameOrigin,
    provider: 'farcaster',
    deviceKey: input.deviceKey,
    deviceThumbprint: await DeviceKey.thumbprint(input.deviceKey),
    nonce,
    channelToken: channel.data.channelToken,
    expiresAt,
  })
  return { attemptId: attempt.id, channelUrl: channel.data.url, expiresAt: expiresAt.toISOString() }
}

/**
 * Brings a pending attempt up to date with its relay channel: still waiting, or signed — then verified
 * and ready (or failed, with the reason). The relay hands a completed channel out once, so a poll that
 * finds it gone while the attempt is pending met another process's poll, which records the outcome.
 */
export async function sync(context: Context, attempt: Store.Attempt): Promise<Store.Attempt> {
  if (attempt.kind !== 'farcaster' || attempt.step !== 'pending' || !attempt.channelToken) return attempt
  if (attempt.expiresAt <= now(context)) return attempt
  const client = clientOf(context)
  const status = await client.status({ channelToken: attempt.channelToken })
  if (status.isError) throw new ProviderUnavailableError('Farcaster', status.error?.message ?? 'relay error')
  if (status.response.status !== 200 || status.data.state !== 'completed') {
    if (status.response.status >= 500)
      throw new ProviderUnavailableError('Farcaster', `relay answered ${status.response.status}`)
    return (await Store.attempt(context.db, attempt.id)) ?? attempt
  }
  const fail = async (message: string) =>
    (await Store.advance(context.db, attempt.id, 'pending', {
      step: 'failed',
      nonce: null,
      channelToken: null,
      error: { code: 'FARCASTER_LOGIN_FAILED', message },
    })) ?? attempt
  const { message, signature } = status.data
  if (!message || !signature) return fail('The Farcaster app answered without a signed message; start again')
  const { domain, uri } = expected(attempt.frameOrigin)
  const verified = await client.verifySignInMessage({
    nonce: attempt.nonce!,
    domain,
    message,
    signature,
    acceptAuthAddress: false,
  })
  if (verified.isError) {
    const code = verified.error?.errCode
    if (code === 'unavailable')
      throw new ProviderUnavailableError('Farcaster', verified.error?.message ?? 'IdRegistry unreachable')
    return fail(
      `The Farcaster sign-in does not check out (${verified.error?.message ?? 'invalid'}); start again`,
    )
  }
  if (verified.data.uri !== uri) return fail('The Farcaster sign-in names another address; start again')
  const fid = String(verified.fid)
  // The user is named by the fid the signature proves. The relay's username, display name and picture
  // are the relay's word, not the signer's (signing as one fid can come back named as another), so
  // none of them is kept or shown.
  const userName = `fid:${fid}`
  const user = await Store.userForIdentity(context.db, {
    provider: 'farcaster',
    subject: fid,
    emailVerified: false,
    userName,
  })
  // The nonce is spent with this update: only the attempt still holding it moves on, once.
  const ready = await Store.advance(
    context.db,
    attempt.id,
    'pending',
    {
      step: 'ready',
      nonce: null,
      channelToken: null,
      userId: user.id,
      userName,
    },
    eq(authAttempts.nonce, attempt.nonce!),
  )
  return ready ?? (await Store.attempt(context.db, attempt.id)) ?? attempt
}

/**
 * CONNECT for a Farcaster sign-in the relay completed and the API verified: once, by the starting
 * device, then the session. The Farcaster app signs on another device by design, so what binds the
 * sign-in to this browser is the SIWF message itself: it names the frame's domain, and the app shows it.
 */
export function connect(
  context: Context,
  input: { attemptId: string; proof: DeviceProof },
): Promise<AuthConnected> {
  return HandedOver.connect(context, input, {
    kind: 'farcaster',
    notYet: 'The Farcaster app has not signed in yet',
  })
}
