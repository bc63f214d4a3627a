// The first wallets of the registry, offered on Connect before "All Wallets". A shortcut: a load
// failure shows nothing here ("All Wallets" shows it where it matters).

import { useQuery } from '@tanstack/react-query'
import type { RegistryWallet } from '@walletframe/protocol/walletRegistry'
import { useFrame } from '../app/context.js'
import { RegistryItem } from '../components/RegistryItem.js'
import * as WalletRegistry from '../queries/walletRegistry.js'

/** Wallets from the registry shown before "All Wallets". */
export const featuredCount = 4

export function FeaturedWallets(props: {
  recent: readonly RegistryWallet[]
  /** False for a wallet shown elsewhere in the list (installed in this browser). */
  shown(wallet: RegistryWallet): boolean
  onPick(wallet: RegistryWallet): void
}) {
  const { registry } = useFrame()
  const { data } = useQuery(
    WalletRegistry.list(registry, { page: 1, entries: featuredCount + props.recent.length }),
  )
  return (data?.data ?? [])
    .filter((wallet) => !props.recent.some((item) => item.id === wallet.id) && props.shown(wallet))
    .slice(0, featuredCount)
    .map((wallet) => (
      <RegistryItem
        key={wallet.id}
        wallet={wallet}
        logoUrl={registry.logoUrl(wallet)}
        onPick={props.onPick}
      />
    ))
}
