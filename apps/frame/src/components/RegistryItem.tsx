// One wallet of the registry as a list entry (Connect, AllWallets).
import type { RegistryWallet } from '@walletframe/protocol/walletRegistry'
import { WalletLogo } from './WalletLogo.js'

export function RegistryItem(props: {
  wallet: RegistryWallet
  /** The wallet's logo (the registry's logoUrl); the letter tile without one. */
  logoUrl: string | undefined
  tag?: string
  onPick(wallet: RegistryWallet): void
}) {
  return (
    <button
      type="button"
      className="wf-list-item"
      data-testid={`wf-wc-wallet-${props.wallet.id}`}
      onClick={() => props.onPick(props.wallet)}
    >
      <WalletLogo wallet={props.wallet} src={props.logoUrl} size={32} />
      <span>{props.wallet.name}</span>
      {props.tag ? <span className="wf-tag">{props.tag}</span> : null}
    </button>
  )
}
