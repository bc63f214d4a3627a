// The email update as the UpdateEmailWallet view runs it (VERIFY_PRIMARY_OTP, the code sent to the
// current address, then VERIFY_SECONDARY_OTP, the one sent to the new address): each step goes
// through the embedded wallet's update (it loads with that wallet); once the new address is linked,
// the connection re-reads the wallet's info, so the host's state (`embeddedWalletInfo.user.email`)
// shows it. The accounts, and so the address, stay. An account without an address first confirms it
// is the user by logging in again with its current method.
import { type AccountState, frameSocialProviders } from '@walletframe/protocol'
import type { EmailUpdate, EmailUpdateDone, EmailUpdateStep, ReauthMethod } from '../../lib/emailUpdate.js'
import type { MessagingPopup } from '../../lib/popup.js'
import type { Core } from '../Core.js'

export type Deps = {
  readonly core: Pick<Core, 'connection'>
  /** The embedded wallet's email update (loaded on first use). */
  emailUpdate(): Promise<EmailUpdate>
}

/**
 * The login an account confirms again before it adds an address: its current method when it has no
 * address (X, Facebook, Farcaster, a provider address not verified); undefined otherwise.
 */
export function reauthMethodOf(
  info: AccountState['embeddedWalletInfo'] | undefined,
): ReauthMethod | undefined {
  if (!info || info.user.email) return undefined
  if (info.authProvider === 'farcaster') return 'farcaster'
  return (frameSocialProviders as readonly string[]).includes(info.authProvider)
    ? (info.authProvider as ReauthMethod)
    : undefined
}

/** Logs in again with the account's social provider in `popup` (opened in the click); answers the attempt. */
export async function confirmSocial(deps: Deps, popup: MessagingPopup, signal: AbortSignal): Promise<string> {
  return (await deps.emailUpdate()).confirmSocial(popup, signal)
}

/** Logs in again with Farcaster (the view shows the update's farcasterUrl); answers the attempt. */
export async function confirmFarcaster(deps: Deps, signal: AbortSignal): Promise<string> {
  return (await deps.emailUpdate()).confirmFarcaster(signal)
}

/**
 * Asks for `email`: the first code goes to the address linked now, or, for an account without one,
 * to `email` once `reauthAttemptId` (confirmSocial / confirmFarcaster) shows it is the user.
 */
export async function start(deps: Deps, email: string, reauthAttemptId?: string): Promise<EmailUpdateStep> {
  const update = await deps.emailUpdate()
  return reauthAttemptId ? update.start(email, reauthAttemptId) : update.start(email)
}

/** Checks `otp` for `step`; on DONE the host hears the new address. */
export async function verify(
  deps: Deps,
  step: EmailUpdateStep,
  otp: string,
): Promise<EmailUpdateStep | EmailUpdateDone> {
  const next = await (await deps.emailUpdate()).verify(step, otp)
  if (next.action === 'DONE') refreshWalletInfo(deps.core)
  return next
}

/** Re-reads the active connector's embedded-wallet info into the connection (and so into the host's state). */
export function refreshWalletInfo(core: Pick<Core, 'connection'>): void {
  const info = core.connection.connector()?.walletInfo?.()
  core.connection.set((state) => {
    if (state.status !== 'connected' || !state.connector) return state
    const { embeddedWalletInfo: _previous, ...connector } = state.connector
    return { ...state, connector: info ? { ...connector, embeddedWalletInfo: info } : connector }
  })
}
