// A request waits for the connected wallet (WalletConnect): say so, and let the user give up on it,
// which rejects the host's call with 4001.
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
  const pairing = useStore(frame.pairing)
  const pending = useStore(core.pending)
  const connection = useStore(core.connection)
  const first = pending[0]
  if (!first) return <p className="wf-muted">No request is waiting for the wallet.</p>
  const link = pairing?.walletLink()
  const peer =
    link?.name ?? (connection.connector?.type === 'injected' ? connection.connector.name : 'your wallet app')
  return (
    <div className="wf-stack" data-testid="wf-wallet-request" data-method={first.method}>
      <p>
        <strong>{actions[first.method] ?? first.method}</strong>
      </p>
      <p className="wf-muted">Waiting for wallet… Open {peer} and approve or reject the request.</p>
      {pending.length > 1 ? <p className="wf-muted">{pending.length - 1} more waiting.</p> : null}
      {link && core.isMobile() ? (
        <a className="wf-button wf-button-link" href={link.href} target="_blank" rel="noopener noreferrer">
          Open {link.name}
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
