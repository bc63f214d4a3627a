// Connect: the connect methods in the spec's order (email, social, wallet), honouring the host's
// feature flags. Only methods this build ships are listed: browser wallets found in the host page.
import { useController } from '../ModalApp.js'
import { useStore } from '../state/store.js'

export function Connect() {
  const controller = useController()
  const wallets = useStore(controller.stores.wallets)
  const account = useStore(controller.stores.account)
  const connecting = account.status === 'connecting'
  return (
    <div className="wf-stack">
      <section aria-label="Browser wallets" className="wf-stack">
        {wallets.list.map((wallet) => (
          <button
            type="button"
            key={wallet.uuid}
            className="wf-list-item"
            disabled={connecting}
            data-testid={`wf-wallet-${wallet.rdns}`}
            onClick={() => void controller.connectInjected(wallet)}
          >
            <img src={wallet.icon} alt="" width={32} height={32} />
            <span>{wallet.name}</span>
            <span className="wf-tag">{connecting ? 'Connecting…' : 'Installed'}</span>
          </button>
        ))}
      </section>
      {wallets.loaded && wallets.list.length === 0 ? (
        <p className="wf-muted" data-testid="wf-no-wallets">
          No browser wallet was found on this page. Install a wallet extension, then open this window again.
        </p>
      ) : null}
      {!wallets.loaded ? <p className="wf-muted">Looking for wallets…</p> : null}
    </div>
  )
}
