// Connect a mobile wallet by scanning the pairing URI as a QR code (or copying the link). The URI is
// replaced before it expires; leaving the view stops that.
import type { RegistryWallet } from '@walletframe/protocol/walletRegistry'
import { useEffect } from 'react'
import { usePairing } from '../components/usePairing.js'
import { useStore } from '../components/useStore.js'
import { useViewMessages } from '../components/useViewMessages.js'
import { WalletConnectQr } from '../components/WalletConnectQr.js'
import type { PairingCapability, PairingState } from '../core/pairing.js'
import { NotAvailable } from './NotAvailable.js'

export function ConnectingWalletConnectBasic() {
  const status = usePairing()
  if (status.state === 'unavailable') return <NotAvailable feature="WalletConnect" />
  if (status.state === 'loading') return <Preparing />
  return <Pairing pairing={status.pairing} />
}

export function Preparing() {
  return (
    <p className="wf-muted" data-testid="wf-wc-buffering">
      {useViewMessages().walletConnect.preparing}
    </p>
  )
}

export function usePairingUri(pairing: PairingCapability, wallet?: RegistryWallet) {
  useEffect(() => {
    void pairing.start(wallet)
    return () => pairing.stop()
  }, [pairing, wallet])
  return useStore(pairing.state)
}

function Pairing({ pairing }: { pairing: PairingCapability }) {
  const state = usePairingUri(pairing)
  const messages = useViewMessages().walletConnect
  return (
    <div className="wf-stack" data-testid="wf-wc-pairing">
      <PairingBody state={state} onRetry={() => void pairing.start()} />
      <p className="wf-muted">{messages.scan}</p>
    </div>
  )
}

export function PairingBody({ state, onRetry }: { state: PairingState; onRetry(): void }) {
  const messages = useViewMessages().walletConnect
  if (state.wcError)
    return (
      <div className="wf-stack" role="alert">
        <p className="wf-error" data-testid="wf-wc-error">
          {state.wcError}
        </p>
        <button type="button" className="wf-button" data-testid="wf-wc-retry" onClick={onRetry}>
          {messages.tryAgain}
        </button>
      </div>
    )
  if (state.buffering || !state.wcUri) return <Preparing />
  return <WalletConnectQr uri={state.wcUri} />
}
