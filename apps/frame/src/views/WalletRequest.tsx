// A request waits for the connected wallet (WalletConnect): say so, and let the user give up on it,
// which rejects the host's call with 4001.
import { useController } from '../ModalApp.js'
import * as Store from '../state/store.js'
import { useStore } from '../state/store.js'
import type { PendingRequest } from '../walletConnect/pendingRequests.js'

const none = Store.create<readonly PendingRequest[]>([])

/** Plain words for the methods a user approves in the wallet. */
export const actions: Record<string, string> = {
  personal_sign: 'Sign a message',
  eth_signTypedData_v4: 'Sign typed data',
  eth_sendTransaction: 'Approve a transaction',
  wallet_switchEthereumChain: 'Switch network',
  wallet_addEthereumChain: 'Add a network',
}

export function WalletRequest() {
  const controller = useController()
  const flow = controller.walletConnect
  const pending = useStore(flow?.pending ?? none)
  const account = useStore(controller.stores.account)
  const first = pending[0]
  if (!flow || !first) return <p className="wf-muted">No request is waiting for the wallet.</p>
  const link = flow.walletLink()
  const peer = link?.name ?? (account.connector === 'walletConnect' ? 'your wallet app' : 'your wallet')
  return (
    <div className="wf-stack" data-testid="wf-wallet-request" data-method={first.method}>
      <p>
        <strong>{actions[first.method] ?? first.method}</strong>
      </p>
      <p className="wf-muted">Waiting for wallet… Open {peer} and approve or reject the request.</p>
      {pending.length > 1 ? <p className="wf-muted">{pending.length - 1} more waiting.</p> : null}
      {link && controller.isMobile() ? (
        <a className="wf-button wf-button-link" href={link.href} target="_blank" rel="noopener noreferrer">
          Open {link.name}
        </a>
      ) : null}
      <button
        type="button"
        className="wf-button wf-button-secondary"
        data-testid="wf-request-cancel"
        onClick={() => flow.pending.cancel(first.id)}
      >
        Cancel
      </button>
    </div>
  )
}
