// What the views use of the email update (SPEC §4: VERIFY_PRIMARY_OTP, then VERIFY_SECONDARY_OTP):
// types only, like embeddedLogin.ts; the implementation loads with the embedded wallet.

/** A code was mailed for the update: to the current address first, then to the new one. */
export type EmailUpdateStep = {
  readonly updateId: string
  readonly action: 'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP'
  /** The address the user asked for. */
  readonly email: string
  /** Where this step's code went: the current address (primary) or the new one (secondary). */
  readonly sentTo: string
  /** Epoch ms after which the update may be started again with a new code (SPEC §9: 30 s). */
  readonly resendAt: number
}

/** The new address is linked to the account. */
export type EmailUpdateDone = { readonly action: 'DONE'; readonly email: string }

export type EmailUpdate = {
  /** The address linked now, if any. */
  current(): string | undefined
  /** Asks for `email`: a code goes to the current address (or to the new one when there is none). */
  start(email: string): Promise<EmailUpdateStep>
  /** The code of `step`: the next step's code is mailed, or the update is done and the session's user has the new address. */
  verify(step: EmailUpdateStep, otp: string): Promise<EmailUpdateStep | EmailUpdateDone>
}
