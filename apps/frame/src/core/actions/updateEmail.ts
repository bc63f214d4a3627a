// The email update as the UpdateEmailWallet view runs it (SPEC §4: VERIFY_PRIMARY_OTP, then
// VERIFY_SECONDARY_OTP): each step goes through the embedded wallet's update (it loads with that
// wallet); once the new address is linked, the connection re-reads the wallet's info, so the host's
// state (`embeddedWalletInfo.user.email`) shows it. The accounts, and so the address, stay.
import type { EmailUpdate, EmailUpdateDone, EmailUpdateStep } from '../../lib/emailUpdate.js'
import type { Core } from '../Core.js'

export type Deps = {
  readonly core: Pick<Core, 'connection'>
  /** The embedded wallet's email update (loaded on first use). */
  emailUpdate(): Promise<EmailUpdate>
}

/** Asks for `email`: the first code goes to the address linked now. */
export async function start(deps: Deps, email: string): Promise<EmailUpdateStep> {
  return (await deps.emailUpdate()).start(email)
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
