// SIWXSignMessage: the connected account signs a message that proves to the
// app that it owns it. Cancel disconnects when the app requires sign-in, otherwise closes. Both are
// mutations of the sign-in action: the screen has no logic of its own.
import { useMutation } from '@tanstack/react-query'
import { useFrame } from '../app/context.js'
import { GuardedActions } from '../components/GuardedActions.js'
import { useStore } from '../components/useStore.js'
import { useViewMessages } from '../components/useViewMessages.js'
import { NotAvailable } from './NotAvailable.js'

export function SIWXSignMessage() {
  const frame = useFrame()
  const all = useViewMessages()
  const messages = all.siwx
  const siwx = useStore(frame.core.siwx)
  const connection = useStore(frame.core.connection)
  // The sign-in action reports its own failures (a toast); the mutation only says what is running.
  const sign = useMutation({ mutationFn: () => frame.actions.signIn() })
  const cancel = useMutation({ mutationFn: () => frame.actions.cancelSignIn() })
  const busy = sign.isPending || cancel.isPending
  if (!frame.api) return <NotAvailable feature={all.signInFeature} />
  const appName = frame.host()?.metadata.name ?? messages.thisApp
  const wallet = connection.connector?.name ?? messages.yourWallet
  const required = siwx.config?.required === true

  return (
    <div className="wf-stack" data-testid="wf-siwx" data-required={required}>
      <p>
        <strong>{appName}</strong>
        {messages.needsToConnect}
      </p>
      <p className="wf-muted">
        {messages.signToProve(wallet)}
        {required ? messages.cancellingDisconnects : ''}
      </p>
      <GuardedActions>
        {(blocked) => (
          <div className="wf-row">
            <button
              type="button"
              className="wf-button wf-button-secondary"
              data-testid="wf-siwx-cancel"
              disabled={busy}
              onClick={() => cancel.mutate()}
            >
              {messages.cancel}
            </button>
            <button
              type="button"
              className="wf-button"
              data-testid="wf-siwx-sign"
              disabled={busy || blocked}
              onClick={() => sign.mutate()}
            >
              {sign.isPending ? messages.signing : messages.sign}
            </button>
          </div>
        )}
      </GuardedActions>
    </div>
  )
}
