// Recent wallets: the last wallets connected through the list, newest first, at most
// two, persisted in the frame's storage (whatever regime it has) so the Connect view can offer them first.
import { RegistryWallet } from '@walletframe/protocol/walletRegistry'
import * as z from 'zod/mini'

export const maxRecent = 2
export const storageKey = 'walletframe:recentWallets'
/** The deep-link choice: the wallet app last opened by link, restored with the session (requests offer it again). */
export const deepLinkKey = 'walletframe:deepLink'

type Storage = Pick<import('../../../storage/Storage.js').Storage, 'getItem' | 'setItem' | 'removeItem'>

/** `wallet` first, then the others without duplicates, cut to two. */
export function add(list: readonly RegistryWallet[], wallet: RegistryWallet): RegistryWallet[] {
  return [wallet, ...list.filter((item) => item.id !== wallet.id)].slice(0, maxRecent)
}

export function load(storage: Storage): RegistryWallet[] {
  try {
    const parsed = z.array(RegistryWallet).safeParse(JSON.parse(storage.getItem(storageKey) ?? '[]'))
    return parsed.success ? parsed.data.slice(0, maxRecent) : []
  } catch {
    // Written by an older frame or edited by hand: start over rather than fail the Connect view.
    return []
  }
}

export function remember(storage: Storage, wallet: RegistryWallet): RegistryWallet[] {
  const next = add(load(storage), wallet)
  storage.setItem(storageKey, JSON.stringify(next))
  return next
}
