// What the views use of email and social login and of the embedded wallet's approvals (types only: the implementation, the connector and
// its Worker load on first use from connectors/embedded/, so the boot chunk carries none of it).
import type { AccountType, FrameSocialProvider } from '@walletframe/protocol'
import type { EmailUpdate } from './emailUpdate.js'
import type { MessagingPopup } from './popup.js'
import type { ReadableStore } from './store.js'

/** A code was mailed (VERIFY_OTP), or the mailbox must first approve this device (VERIFY_DEVICE). */
export type EmailStep = {
  readonly attemptId: string
  readonly action: 'VERIFY_DEVICE' | 'VERIFY_OTP'
  readonly email: string
  /** Epoch ms after which another code may be sent (the server's cooldown). */
  readonly resendAt: number
}

/** The wallet asks the user for the recovery password: to protect a new wallet, or to open it here. */
export type PasswordPrompt = {
  readonly reason: 'create' | 'recover'
  submit(password: string): void
  cancel(): void
}

/**
 * What the embedded wallet offers a login: each call does its part at the API and, for the last one,
 * hands the session to the wallet; connecting it is the caller's (the login actions in core/).
 */
export type LoginAuth = {
  startEmail(email: string): Promise<EmailStep>
  resendEmail(step: EmailStep): Promise<EmailStep>
  /** Waits until the device is approved from the mailed link (the code is mailed then). */
  waitForDevice(step: EmailStep, signal: AbortSignal): Promise<EmailStep>
  /** The code, with a fresh proof of this device's key: the session opens in the wallet. */
  verifyEmail(step: EmailStep, otp: string): Promise<void>
  /**
   * Social login in `popup`, opened synchronously in the click handler on the frame origin's
   * /auth/social (socialPopup.ts `path`): the popup is handed the attempt; once it is ready, CONNECT
   * with a fresh proof of this device's key, and the session opens in the wallet.
   */
  socialLogin(provider: FrameSocialProvider, popup: MessagingPopup, signal: AbortSignal): Promise<void>
  /** Sign In With Farcaster: opens a relay channel (farcasterUrl), waits for the Farcaster app's signature, then CONNECT as above. */
  farcasterLogin(signal: AbortSignal): Promise<void>
}

export type EmbeddedLogin = {
  /** The password the wallet waits for, if any. */
  readonly passwordPrompt: ReadableStore<PasswordPrompt | undefined>
  /** Whether storage is blocked, so a login lasts for this page only. */
  readonly sessionOnly: boolean
  startEmail(email: string): Promise<EmailStep>
  resend(step: EmailStep): Promise<EmailStep>
  /** Waits until the device is approved from the mailed link (the code is mailed then). */
  waitForDevice(step: EmailStep, signal: AbortSignal): Promise<EmailStep>
  /** The code: the session opens and the wallet connects; answers whether it did (a declined recovery password: no). */
  verify(step: EmailStep, otp: string): Promise<boolean>
  /** Social login in `popup` (see LoginAuth.socialLogin), then the wallet connects; answers whether it did. */
  social(provider: FrameSocialProvider, popup: MessagingPopup, signal: AbortSignal): Promise<boolean>
  /** The relay channel the Farcaster app signs in on, while a Farcaster login waits. */
  readonly farcasterUrl: ReadableStore<string | undefined>
  /** Sign In With Farcaster (see LoginAuth.farcasterLogin), then the wallet connects; answers whether it did. */
  farcaster(signal: AbortSignal): Promise<boolean>
  /** Leaving ConnectingFarcaster with no address drops the waiting Farcaster login. */
  reloadFarcaster(): void
  /** The signed-in user's email update (UpdateEmailWallet). */
  readonly emailUpdate: EmailUpdate
  /** ApproveTransaction's answer to waiting request `id`: approved, the Worker signs it; rejected, its caller gets 4001. */
  answer(id: number, approved: boolean): void
  /** The EVM account the user prefers (core/actions/preferredAccountType.ts sets it). */
  preferredAccountType(): AccountType
  setPreferredAccountType(type: AccountType): void
  /** Whether the active EVM network serves the smart account. */
  smartAccountAvailable(): boolean
}
