// The embedded wallet's login as the views run it: each step asks the wallet's auth (the API, bound to
// this device's key), the waits for what happens elsewhere (a device approved from the mailed link, a
// popup's login, the Farcaster app) look at the API once a second (core/poll.ts), and a finished login
// connects the wallet through `Connect.connect` like any other connector. The wallet never connects
// itself: the work goes down, and what came of it comes back as an answer (core/login.ts turns it into
// the next screen).
import type { FrameSocialProvider } from '@walletframe/protocol'
import type { Connector } from '../../connectors/Connector.js'
import type { EmailStep, LoginAuth, PasskeyMode, PendingLogin } from '../../lib/embeddedLogin.js'
import type { MessagingPopup } from '../../lib/popup.js'
import type { FarcasterChannel } from '../farcasterChannel.js'
import * as Poll from '../poll.js'
import * as Connect from './connect.js'

export type Deps = {
  readonly core: Connect.Deps
  /** The embedded wallet's auth steps. */
  readonly auth: LoginAuth
  /** The embedded wallet's connector, which holds the session once a login finishes. */
  readonly connector: Connector
  /** The Farcaster login waiting now, one at a time, with its channel for the QR code. */
  readonly farcaster: FarcasterChannel
}

/** Mails a code to `email`, or asks its mailbox to approve this device first. */
export function startEmail(deps: Pick<Deps, 'auth'>, email: string): Promise<EmailStep> {
  return deps.auth.startEmail(email.trim())
}

/** Mails a new code (the server's cooldown applies). */
export function resend(deps: Pick<Deps, 'auth'>, step: EmailStep): Promise<EmailStep> {
  return deps.auth.resendEmail(step)
}

/** Waits until the mailbox approves this device; the code is mailed then. */
export function waitForDevice(
  deps: Pick<Deps, 'auth'>,
  step: EmailStep,
  signal: AbortSignal,
): Promise<EmailStep> {
  return Poll.until((look) => deps.auth.deviceApproval(step, look), signal)
}

/** The mailed code: the session opens and the wallet connects. Answers whether it is connected. */
export async function verify(deps: Deps, step: EmailStep, otp: string): Promise<boolean> {
  await deps.auth.verifyEmail(step, otp)
  return connect(deps)
}

/** A social login in `popup` (opened in the click); the wallet connects once it is ready. */
export async function social(
  deps: Deps,
  provider: FrameSocialProvider,
  popup: MessagingPopup,
  signal: AbortSignal,
): Promise<boolean> {
  await (await socialReady(deps, provider, popup, signal)).connect()
  return connect(deps)
}

/** A passkey ceremony with the API's challenge; the wallet connects once the API verified it. */
export async function passkey(deps: Deps, mode: PasskeyMode, popup?: MessagingPopup): Promise<boolean> {
  await deps.auth.passkey(mode, popup)
  return connect(deps)
}

/** Sign In With Farcaster; the wallet connects once the API has verified the signed message. */
export async function farcaster(deps: Deps, signal: AbortSignal): Promise<boolean> {
  await (await deps.farcaster.wait(deps.auth, signal)).connect()
  return connect(deps)
}

/**
 * A social login that connects nothing: its ready attempt vouches for the signed-in user (the re-login
 * before an email update). Answers the attempt's id.
 */
export async function reauthSocial(
  deps: Pick<Deps, 'auth'>,
  provider: FrameSocialProvider,
  popup: MessagingPopup,
  signal: AbortSignal,
): Promise<string> {
  return (await socialReady(deps, provider, popup, signal)).attemptId
}

/** The same with Farcaster (its channel's QR code on `deps.farcaster.url`). */
export async function reauthFarcaster(
  deps: Pick<Deps, 'auth' | 'farcaster'>,
  signal: AbortSignal,
): Promise<string> {
  return (await deps.farcaster.wait(deps.auth, signal)).attemptId
}

/**
 * Starts the popup's login and waits for it to be ready. A popup that reads as closed is no sign the
 * user gave up: a Cross-Origin-Opener-Policy on any page of the chain (providers' sign-in pages send
 * one) cuts it off from this frame, and its handle then reads as closed while the user is still signing
 * in there. The wait ends with the attempt (ready, failed, expired) or with the view (the signal).
 */
async function socialReady(
  deps: Pick<Deps, 'auth'>,
  provider: FrameSocialProvider,
  popup: MessagingPopup,
  signal: AbortSignal,
): Promise<PendingLogin> {
  const login = await deps.auth.startSocial(provider, popup, signal)
  await Poll.ready(login, signal)
  return login
}

/**
 * Connects the wallet that now holds a session. `Connect.connect` reports its own failures (a toast,
 * the modal shakes: a declined recovery password reads "Connection declined"), so this answers only
 * whether the wallet is the connected one now.
 */
async function connect(deps: Deps): Promise<boolean> {
  await Connect.connect(deps.core, deps.connector, { id: deps.connector.id })
  return (
    deps.core.connection.connector() === deps.connector && deps.core.connection.get().status === 'connected'
  )
}
