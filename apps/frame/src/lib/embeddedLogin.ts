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

export type EmbeddedLogin = {
  /** The password the wallet waits for, if any. */
  readonly passwordPrompt: ReadableStore<PasswordPrompt | undefined>
  /** Whether storage is blocked, so a login lasts for this page only. */
  readonly sessionOnly: boolean
  startEmail(email: string): Promise<EmailStep>
  resend(step: EmailStep): Promise<EmailStep>
  /** Waits until the device is approved from the mailed link (the code is mailed then). */
  waitForDevice(step: EmailStep, signal: AbortSignal): Promise<EmailStep>
  /** The code: the session opens and the wallet connects. */
  verify(step: EmailStep, otp: string): Promise<void>
  /**
   * Social login in `popup`, opened synchronously in the click handler on the frame origin's
   * /auth/social (socialPopup.ts `path`): the popup is handed the attempt, then connect.
   */
  social(provider: FrameSocialProvider, popup: MessagingPopup, signal: AbortSignal): Promise<void>
  /** SPEC §3 account state `farcasterUrl`: the relay channel the Farcaster app signs in on, while a Farcaster login waits. */
  readonly farcasterUrl: ReadableStore<string | undefined>
  /** Sign In With Farcaster: opens a relay channel (farcasterUrl), waits for the Farcaster app's signature, then connects. */
  farcaster(signal: AbortSignal): Promise<void>
  /** SPEC §2: leaving ConnectingFarcaster with no address drops the waiting Farcaster login. */
  reloadFarcaster(): void
  /** The signed-in user's email update (UpdateEmailWallet). */
  readonly emailUpdate: EmailUpdate
  /** ApproveTransaction's answer to waiting request `id`: approved, the Worker signs it; rejected, its caller gets 4001. */
  answer(id: number, approved: boolean): void
  /** The EVM account the user prefers (SPEC §6; core/actions/preferredAccountType.ts sets it). */
  preferredAccountType(): AccountType
  setPreferredAccountType(type: AccountType): void
  /** Whether the active EVM network serves the smart account. */
  smartAccountAvailable(): boolean
}
