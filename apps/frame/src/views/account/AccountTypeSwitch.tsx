// The Account view's switch between the embedded wallet's smart account and its EOA (the preference
// is the user's; smartAccount by default on EVM networks). Shown for an email or social
// login on an EVM network; the wallet code it calls is the embedded chunk, already loaded then.
import { useFrame } from '../../app/context.js'
import { useStore } from '../../components/useStore.js'
import * as PreferredAccountType from '../../core/actions/preferredAccountType.js'

export function AccountTypeSwitch() {
  const frame = useFrame()
  const { core } = frame
  const connection = useStore(core.connection)
  const networks = useStore(core.networks)
  const loading = useStore(PreferredAccountType.loading)
  const info = connection.connector?.embeddedWalletInfo
  if (connection.status !== 'connected' || !info || networks.active?.chainNamespace !== 'eip155') return null
  const current = info.accountType
  const next = current === 'smartAccount' ? 'eoa' : 'smartAccount'
  return (
    <button
      type="button"
      className="wf-list-item"
      data-testid="wf-account-type-switch"
      data-account-type={current}
      disabled={loading}
      aria-busy={loading}
      onClick={() => {
        frame
          .embedded()
          .then((wallet) => PreferredAccountType.setPreferredAccountType(core, wallet, next))
          .catch((error: unknown) => console.error('[walletframe] the account type did not change', error))
      }}
    >
      <span>{next === 'eoa' ? 'Switch to EOA' : 'Switch to smart account'}</span>
      <span className="wf-tag">{current === 'smartAccount' ? 'Smart account' : 'EOA'}</span>
    </button>
  )
}
