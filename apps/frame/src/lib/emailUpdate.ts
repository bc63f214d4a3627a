// What the views use of the email update (VERIFY_PRIMARY_OTP, then VERIFY_SECONDARY_OTP):
// types only, like embeddedLogin.ts; the implementation loads with the embedded wallet.
import type { FrameSocialProvider } from '@walletframe/protocol'
import type { MessagingPopup } from './popup.js'
import type { ReadableStore } from './store.js'

/** A code was mailed for the update: to the current address first, then to the new one. */
export type EmailUpdateStep = {
  readonly updateId: string
  readonly action: 'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP'
  /** The address the user asked for. */
  readonly email: string
  /** Where this step's code went: the current address (primary) or the new one (secondary). */
  readonly sentTo: string
  /** Epoch ms after which the update may be started again with a new code (the server's cooldown). */
  readonly resendAt: number
}

/** The new address is linked to the account. */
export type EmailUpdateDone = { readonly action: 'DONE'; readonly email: string }

/**
 * The login an account without an address confirms again before it adds one: its social provider
 * (a popup), or Farcaster (the QR code of farcasterUrl).
 */
export type ReauthMethod = FrameSocialProvider | 'farcaster'

export type EmailUpdate = {
  /** The address linked now, if any. */
  current(): string | undefined
  /** The login to confirm again first: the account's current method when it has no address; else undefined. */
  reauthMethod(): ReauthMethod | undefined
  /**
   * Logs in again with the account's social provider in `popup` (opened synchronously in the click
   * handler): the finished login, not connected, vouches for the user. Answers its attempt id.
   */
  confirmSocial(popup: MessagingPopup, signal: AbortSignal): Promise<string>
  /** The same with Farcaster: the Farcaster app signs on the channel of farcasterUrl. */
  confirmFarcaster(signal: AbortSignal): Promise<string>
  /** The relay channel the Farcaster app signs in on, while confirmFarcaster waits. */
  readonly farcasterUrl: ReadableStore<string | undefined>
  /**
   * Asks for `email`: a code goes to the current address, or, for an account without one, to the new
   * address once `reauthAttemptId` (from confirmSocial / confirmFarcaster) shows it is the user.
   */
  start(email: string, reauthAttemptId?: string): Promise<EmailUpdateStep>
  /** The code of `step`: the next step's code is mailed, or the update is done and the session's user has the new address. */
  verify(step: EmailUpdateStep, otp: string): Promise<EmailUpdateStep | EmailUpdateDone>
}
