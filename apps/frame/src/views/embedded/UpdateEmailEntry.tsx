// The Account view's way to UpdateEmailWallet: shown only for a wallet that logged in by email (a
// social login's address belongs to its provider), with the address linked now.
import { useFrame } from '../../app/context.js'
import { useStore } from '../../components/useStore.js'
import * as Navigation from '../../core/actions/navigation.js'

export function UpdateEmailEntry() {
  const { core } = useFrame()
  const connection = useStore(core.connection)
  const info = connection.connector?.embeddedWalletInfo
  if (connection.status !== 'connected' || info?.authProvider !== 'email') return null
  return (
    <button
      type="button"
      className="wf-list-item"
      data-testid="wf-account-update-email"
      aria-label={`Update email${info.user.email ? ` (${info.user.email})` : ''}`}
      onClick={() => Navigation.push(core, 'UpdateEmailWallet')}
    >
      <span>Update email</span>
      {info.user.email ? <span className="wf-tag">{info.user.email}</span> : null}
    </button>
  )
}
