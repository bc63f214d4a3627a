// What the views use of email and social login and of the embedded wallet's approvals (types only: the implementation, the connector and
// its Worker load on first use from connectors/embedded/, so the boot chunk carries none of it).
import type {
  AccountType,
  FrameSocialProvider,
  PasskeyList,
  PasskeySummary,
  RecoveryKit,
  SensitiveAction,
  TotpConfirmed,
  TotpStartResponse,
  TotpStatus,
} from '@walletframe/protocol'
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

/**
 * Why the wallet asks for the recovery password: to protect a new wallet (`create-without-prf`: the
 * login passkey has no PRF, so it cannot protect it by itself; a passkey with PRF asks for none), or to
 * open it on this device (`recover-without-prf`: the login passkey cannot open it by itself).
 */
export type PasswordReason = 'create' | 'create-without-prf' | 'recover' | 'recover-without-prf'

/** A question the wallet waits on (core/prompt.ts): a form shows while it is asked, and the answer goes back. */
export type Prompt<Question> = {
  /** The question, while it is asked; undefined otherwise. */
  readonly asked: ReadableStore<Question | undefined>
  submit(answer: string): void
  /** The user declines: what waits on it fails with 4001. */
  decline(): void
}

/** The recovery password asked while the wallet opens: the login's state shows the form while it is asked. */
export type PasswordPrompt = Prompt<PasswordReason>

/**
 * The wallet's question for a second-factor code: `action` is the sensitive action it is for (absent:
 * to open the wallet); `error` says why the last code was refused; `passkey`: the user has a passkey,
 * which may answer instead (the form offers "Use passkey", which submits `passkeyAnswer`).
 */
export type CodeQuestion = {
  readonly error?: string
  readonly action?: SensitiveAction
  readonly passkey?: boolean
  /** The passkey is the user's only factor (no authenticator app): the form asks for it alone, no code field. */
  readonly passkeyOnly?: boolean
}

/** The answer that picks the user's passkey over a code: no code (six digits, or ten letters and digits) reads like it. */
export const passkeyAnswer = 'passkey'

/**
 * The code of the user's authenticator app (or a recovery code) asked while the wallet opens (the API
 * releases the auth share only after it) or for a sensitive action (the API signs its pass only after it).
 */
export type CodePrompt = Prompt<CodeQuestion>

/** The signed-in user's second factor (Account, "Two-factor authentication"); each call carries the device key's proof. */
export type SecondFactor = {
  status(): Promise<TotpStatus>
  /** A new secret and its otpauth:// URI, pending until `confirm`. */
  start(): Promise<TotpStartResponse>
  /** The first code of the app turns the factor on; answers the recovery codes, shown once. */
  confirm(code: string): Promise<TotpConfirmed>
  /** Turns it off, for a code of the app or a recovery code. */
  disable(code: string): Promise<TotpStatus>
  /** Sets (wei, decimal) or clears the amount above which a send asks for a fresh code, for a code. */
  setThreshold(sendThreshold: string | null, code: string): Promise<TotpStatus>
}

/** The signed-in user's passkeys (Account, "Passkeys"); each call carries the device key's proof. */
export type Passkeys = {
  list(): Promise<PasskeyList>
  /**
   * Makes a passkey for this account (the browser's dialog) and stores it at the API. `popup`: the
   * window on the frame origin opened in the click, where the browser refuses create in the iframe.
   */
  add(popup?: MessagingPopup): Promise<PasskeySummary>
  /** Removes one; the API refuses the account's last way to log in (LAST_LOGIN_FACTOR). */
  remove(credentialId: string): Promise<PasskeyList>
  /**
   * Chooses a passkey as the second factor (`on`: a touch of one of them) or drops it (a fresh factor,
   * asked as for any login-method change).
   */
  setSecondFactor(on: boolean): Promise<PasskeyList>
  /**
   * Sets (wei, decimal) or clears the amount above which a send asks for the passkey, for a user whose
   * only factor it is: its touch first, so a script with the session alone cannot raise it.
   */
  setSendThreshold(sendThreshold: string | null): Promise<void>
}

/**
 * A login that finishes where the frame cannot see it (in the popup, in the Farcaster app): its attempt
 * at the API, which the frame looks at until it is ready (core/poll.ts), then CONNECTs.
 */
export type PendingLogin = {
  readonly attemptId: string
  /**
   * One look at the attempt (held by the API while it is pending): true once ready, false while
   * pending; throws once it failed, expired or was used. `signal` ends a held look.
   */
  ready(signal?: AbortSignal): Promise<boolean>
  /** CONNECT with a fresh proof of this device's key: the session opens in the wallet. */
  connect(): Promise<void>
  /** Lets go of what the attempt holds while it waits (the popup's hand-over). */
  end(): void
}

/** A Farcaster login: the relay channel the Farcaster app signs in on, whose URL the views show as a QR code. */
export type FarcasterLogin = PendingLogin & { readonly channelUrl: string }

/**
 * What the embedded wallet offers a login: single steps at the API, each bound to this device's key;
 * the waiting between them (core/poll.ts) and connecting the wallet are the caller's (the login actions
 * in core/).
 */
export type LoginAuth = {
  startEmail(email: string): Promise<EmailStep>
  resendEmail(step: EmailStep): Promise<EmailStep>
  /**
   * One look at a device approval: the code step once the mailbox approved this device from the mailed
   * link (the code is mailed then), undefined while it has not; throws once the attempt expired.
   * The API holds the look while nothing happens; `signal` ends it.
   */
  deviceApproval(step: EmailStep, signal?: AbortSignal): Promise<EmailStep | undefined>
  /** The code, with a fresh proof of this device's key: the session opens in the wallet. */
  verifyEmail(step: EmailStep, otp: string): Promise<void>
  /**
   * Starts a social login in `popup`, opened synchronously in the click handler on the frame origin's
   * /auth/social (socialPopup.ts `path`): the popup is handed the attempt when it asks for it, until
   * the login ends.
   */
  startSocial(
    provider: FrameSocialProvider,
    popup: MessagingPopup,
    signal: AbortSignal,
  ): Promise<PendingLogin>
  /** Starts Sign In With Farcaster: a relay channel the Farcaster app signs in on. */
  startFarcaster(): Promise<FarcasterLogin>
  /**
   * A passkey of the frame's site: a new wallet user with a new one (`create`), or a login with one the
   * browser offers (`get`); the session opens in the wallet. `popup`: the window on the frame origin
   * (lib/passkeyWindow.ts) opened in the click, where a browser needs one to create the passkey.
   */
  passkey(mode: PasskeyMode, popup?: MessagingPopup): Promise<void>
}

/** A new passkey (a new wallet) or one the user has. */
export type PasskeyMode = 'create' | 'get'

export type EmbeddedLogin = {
  /** The recovery password the wallet waits for as it opens. */
  readonly passwordPrompt: PasswordPrompt
  /** The second factor's code the wallet waits for as it opens, when the user has one. */
  readonly codePrompt: CodePrompt
  /** The signed-in user's second factor. */
  readonly secondFactor: SecondFactor
  /** The signed-in user's passkeys. */
  readonly passkeys: Passkeys
  /** Whether storage is blocked, so a login lasts for this page only. */
  readonly sessionOnly: boolean
  startEmail(email: string): Promise<EmailStep>
  resend(step: EmailStep): Promise<EmailStep>
  /** Waits until the device is approved from the mailed link (the code is mailed then). */
  waitForDevice(step: EmailStep, signal: AbortSignal): Promise<EmailStep>
  /** The code: the session opens and the wallet connects; answers whether it did (a declined recovery password: no). */
  verify(step: EmailStep, otp: string): Promise<boolean>
  /** Social login in `popup` (see LoginAuth.startSocial), then the wallet connects; answers whether it did. */
  social(provider: FrameSocialProvider, popup: MessagingPopup, signal: AbortSignal): Promise<boolean>
  /** The relay channel the Farcaster app signs in on, while a Farcaster login waits. */
  readonly farcasterUrl: ReadableStore<string | undefined>
  /** Sign In With Farcaster (see LoginAuth.startFarcaster), then the wallet connects; answers whether it did. */
  farcaster(signal: AbortSignal): Promise<boolean>
  /** A passkey login (see LoginAuth.passkey), then the wallet connects; answers whether it did. */
  passkey(mode: PasskeyMode, popup?: MessagingPopup): Promise<boolean>
  /** Leaving ConnectingFarcaster with no address drops the waiting Farcaster login. */
  reloadFarcaster(): void
  /** The signed-in user's email update (UpdateEmailWallet). */
  readonly emailUpdate: EmailUpdate
  /** ApproveTransaction's answer to waiting request `id`: approved, the Worker signs it; rejected, its caller gets 4001. */
  answer(id: number, approved: boolean): void
  /**
   * The review blocked waiting request `id` (ApproveTransaction): it can no longer be approved, and
   * however it ends (dismissed, the modal closed) its caller gets 4001 "Action not allowed".
   */
  block(id: number): void
  /** The EVM account the user prefers (core/actions/preferredAccountType.ts sets it). */
  preferredAccountType(): AccountType
  setPreferredAccountType(type: AccountType): void
  /** Whether the active EVM network serves the smart account. */
  smartAccountAvailable(): boolean
  /** The smart-session grants made from this frame (Account, "Manage smart sessions"). */
  readonly smartSessions: SmartSessions
  /**
   * The open wallet's recovery kit (Account, "Download recovery kit"): the Worker verifies `password`
   * as a recovery does and answers the kit encrypted under it; rejects with its error when wrong.
   */
  recoveryKit(password: string): Promise<RecoveryKit>
  /**
   * The recovery kit of a wallet its passkey protects (no recovery password): a touch of that passkey,
   * and the kit with the kit secret that opens it, which the view shows once for the user to write down.
   */
  recoveryKitWithPasskey(): Promise<{ kit: RecoveryKit; kitSecret: string }>
  /** Whether the open wallet has a recovery password (false: its PRF passkey alone protects it). */
  hasRecoveryPassword(): boolean
  /** Adds a recovery password to a wallet its passkey alone protected (a touch of that passkey). */
  addRecoveryPassword(password: string): Promise<void>
  /**
   * "Show recovery phrase": `popup` is the frame origin's /export (lib/exportWindow.ts), opened in the
   * click; the password is typed and the phrase shown there only. Resolves once the window holds its
   * line to the Worker; rejects when it closed first or the wallet cannot be asked.
   */
  showRecoveryPhrase(popup: MessagingPopup): Promise<void>
}

/** A smart-session grant as the Account view lists it. */
export type SmartSessionGrant = {
  readonly id: string
  /** The dapp origin it was granted to. */
  readonly origin: string
  /** Unix seconds. */
  readonly validUntil: number
  readonly revoked: boolean
  readonly permissions: readonly { readonly type: string }[]
}

/** One spend limit of a grant in the current period; token 0x000…0 is the native coin. */
export type SmartSessionUsage = { readonly token: string; readonly allowance: bigint; readonly spent: bigint }

export type SmartSessions = {
  readonly grants: ReadableStore<readonly SmartSessionGrant[]>
  /** What grant `id` used and has left, read from the account. */
  usage(id: string): Promise<readonly SmartSessionUsage[]>
  /** Revokes grant `id` on chain. */
  revoke(id: string): Promise<void>
}
