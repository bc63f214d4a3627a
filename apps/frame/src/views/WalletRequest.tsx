// A request waits for the connected wallet: say so, name the app it waits in (as the connector says),
// and let the user give up on it, which rejects the host's call with 4001.
import { useFrame } from '../app/context.js'
import { useStore } from '../components/useStore.js'

/** Plain words for the methods a user approves in the wallet. */
export const actions: Record<string, string> = {
  personal_sign: 'Sign a message',
  eth_signTypedData_v4: 'Sign typed data',
  eth_sendTransaction: 'Approve a transaction',
  wallet_switchEthereumChain: 'Switch network',
  wallet_addEthereumChain: 'Add a network',
}

export function WalletRequest() {
  const frame = useFrame()
  const { core } = frame
  const pending = useStore(core.pending)
  // The connector that holds the request may change with the connection.
  useStore(core.connection)
  const first = pending[0]
  if (!first) return <p className="wf-muted">No request is waiting for the wallet.</p>
  const app = core.connection.connector()?.walletApp?.()
  const peer = app?.name ?? 'your wallet app'
  return (
    <div className="wf-stack" data-testid="wf-wallet-request" data-method={first.method}>
      <p>
        <strong>{actions[first.method] ?? first.method}</strong>
      </p>
      <p className="wf-muted">Waiting for wallet… Open {peer} and approve or reject the request.</p>
      {pending.length > 1 ? <p className="wf-muted">{pending.length - 1} more waiting.</p> : null}
      {app?.href && core.isMobile() ? (
        <a className="wf-button wf-button-link" href={app.href} target="_blank" rel="noopener noreferrer">
          Open {app.name}
        </a>
      ) : null}
      <button
        type="button"
        className="wf-button wf-button-secondary"
        data-testid="wf-request-cancel"
        onClick={() => frame.actions.cancelRequest(first.id)}
      >
        Cancel
      </button>
    </div>
  )
}
