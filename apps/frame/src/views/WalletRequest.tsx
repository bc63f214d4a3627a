// A request waits for the connected wallet: say so, name the app it waits in (as the connector says),
// and let the user give up on it, which rejects the host's call with 4001.
import { useFrame } from '../app/context.js'
import { useStore } from '../components/useStore.js'
import { useCount, useViewMessages } from '../components/useViewMessages.js'

export function WalletRequest() {
  const frame = useFrame()
  const { core } = frame
  const pending = useStore(core.pending)
  const messages = useViewMessages()
  const words = messages.walletRequest
  const count = useCount()
  // The connector that holds the request may change with the connection.
  useStore(core.connection)
  const first = pending[0]
  if (!first) return <p className="wf-muted">{words.noneWaiting}</p>
  const app = core.connection.connector()?.walletApp?.()
  const peer = app?.name ?? words.yourWalletApp
  const action = Object.hasOwn(words.actions, first.method)
    ? words.actions[first.method as keyof typeof words.actions]
    : first.method
  return (
    <div className="wf-stack" data-testid="wf-wallet-request" data-method={first.method}>
      <p>
        <strong>{action}</strong>
      </p>
      <p className="wf-muted">{words.openAndAnswer(peer)}</p>
      {pending.length > 1 ? (
        <p className="wf-muted">{count(messages.review.moreWaiting, pending.length - 1)}</p>
      ) : null}
      {app?.href && core.isMobile() ? (
        <a className="wf-button wf-button-link" href={app.href} target="_blank" rel="noopener noreferrer">
          {words.open(app.name)}
        </a>
      ) : null}
      <button
        type="button"
        className="wf-button wf-button-secondary"
        data-testid="wf-request-cancel"
        onClick={() => frame.actions.cancelRequest(first.id)}
      >
        {words.cancel}
      </button>
    </div>
  )
}
