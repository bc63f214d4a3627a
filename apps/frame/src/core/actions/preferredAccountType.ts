// Setting the preferred account type: set loading, update the auth connector, reconnect, clear loading,
// emit a tracking event. The embedded wallet re-announces its accounts with the preferred one first
// (the core's connection follows, and the host's state with it); SET_PREFERRED_ACCOUNT_TYPE is tracked.
// Where the network serves no smart account the choice is kept for later and the user is told.
import type { AccountType } from '@walletframe/protocol'
import * as Store from '../../lib/store.js'
import type { Core } from '../Core.js'

/** What this action needs of the embedded wallet (lib/embeddedLogin.ts). */
export type AccountTypeSetter = {
  setPreferredAccountType(type: AccountType): void | Promise<void>
  smartAccountAvailable(): boolean
}

export const messages = {
  /** Toast when the network serves no smart account. */
  notSupported: 'This application might not support Smart Accounts',
} as const

export type Deps = Pick<Core, 'analytics' | 'networks' | 'toasts'>

/** Whether a change of preference is under way (the Account view's switch shows it). */
export const loading = Store.create(false)

export async function setPreferredAccountType(
  core: Deps,
  wallet: AccountTypeSetter,
  type: AccountType,
): Promise<void> {
  loading.set(true)
  try {
    await wallet.setPreferredAccountType(type)
  } finally {
    loading.set(false)
  }
  if (type === 'smartAccount' && !wallet.smartAccountAvailable()) core.toasts.error(messages.notSupported)
  const network = core.networks.get().active
  core.analytics.track({
    event: 'SET_PREFERRED_ACCOUNT_TYPE',
    properties: { accountType: type, network: network?.caipNetworkId ?? '' },
  })
}
