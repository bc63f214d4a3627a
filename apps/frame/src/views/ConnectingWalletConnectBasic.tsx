// Connect a mobile wallet by scanning the pairing URI as a QR code (or copying the link). The URI is
// replaced before it expires; leaving the view stops that.
import { useEffect } from 'react'
import { WalletConnectQr } from '../components/WalletConnectQr.js'
import { useController } from '../ModalApp.js'
import { useStore } from '../state/store.js'
import type { Flow } from '../walletConnect/flow.js'
import { NotAvailable } from './NotAvailable.js'

export function ConnectingWalletConnectBasic() {
  const flow = useController().walletConnect
  if (!flow) return <NotAvailable feature="WalletConnect" />
  return <Pairing flow={flow} />
}

export function usePairing(flow: Flow, wallet?: Parameters<Flow['start']>[0]) {
  useEffect(() => {
    void flow.start(wallet)
    return () => flow.stop()
  }, [flow, wallet])
  return useStore(flow.state)
}

function Pairing({ flow }: { flow: Flow }) {
  const state = usePairing(flow)
  return (
    <div className="wf-stack" data-testid="wf-wc-pairing">
      <PairingBody state={state} onRetry={() => void flow.start()} />
      <p className="wf-muted">
        Scan with your phone's wallet app, or copy the link into a wallet that is open.
      </p>
    </div>
  )
}

export function PairingBody({
  state,
  onRetry,
}: {
  state: ReturnType<Flow['state']['get']>
  onRetry(): void
}) {
  if (state.wcError)
    return (
      <div className="wf-stack" role="alert">
        <p className="wf-error" data-testid="wf-wc-error">
          {state.wcError}
        </p>
        <button type="button" className="wf-button" data-testid="wf-wc-retry" onClick={onRetry}>
          Try again
        </button>
      </div>
    )
  if (state.buffering || !state.wcUri)
    return (
      <p className="wf-muted" data-testid="wf-wc-buffering">
        Preparing a connection link…
      </p>
    )
  return <WalletConnectQr uri={state.wcUri} />
}
