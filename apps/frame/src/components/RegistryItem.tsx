// One wallet of the registry as a list entry (Connect, AllWallets).
import type { RegistryWallet } from '@walletframe/protocol/walletRegistry'

export function RegistryItem(props: {
  wallet: RegistryWallet
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
      <img src={props.wallet.imageUrl} alt="" width={32} height={32} />
      <span>{props.wallet.name}</span>
      {props.tag ? <span className="wf-tag">{props.tag}</span> : null}
    </button>
  )
}
