// One wallet from the list: open its app with the pairing URI (universal link or scheme), or scan
// the QR with it; a clear way out when the app is not installed.
import type { RegistryWallet } from '@walletframe/protocol/walletRegistry'
import { useState } from 'react'
import { WalletConnectQr } from '../components/WalletConnectQr.js'
import { useController } from '../ModalApp.js'
import * as Store from '../state/store.js'
import { useStore } from '../state/store.js'
import type { Flow } from '../walletConnect/flow.js'
import { PairingBody, usePairing } from './ConnectingWalletConnectBasic.js'
import { NotAvailable } from './NotAvailable.js'

const noWallet = Store.create<RegistryWallet | undefined>(undefined)

export function ConnectingWalletConnect() {
  const flow = useController().walletConnect
  const wallet = useStore(flow?.selected ?? noWallet)
  if (!flow || !wallet) return <NotAvailable feature="WalletConnect" />
  return <WalletPairing flow={flow} wallet={wallet} />
}

function WalletPairing({ flow, wallet }: { flow: Flow; wallet: RegistryWallet }) {
  const controller = useController()
  const state = usePairing(flow, wallet)
  const [opened, setOpened] = useState(false)
  // On a phone the QR is for another phone; on a desktop it is how this wallet connects.
  const [showQr] = useState(!controller.isMobile())
  const ready = Boolean(state.wcUri) && !state.buffering && !state.wcError
  return (
    <div className="wf-stack" data-testid="wf-wc-wallet">
      <div className="wf-wallet-hero">
        <img src={wallet.imageUrl} alt="" width={64} height={64} />
        <strong>{wallet.name}</strong>
        <span className="wf-muted">
          {opened ? `Accept the connection request in ${wallet.name}.` : `Continue in ${wallet.name}.`}
        </span>
      </div>
      {state.wcError ? <PairingBody state={state} onRetry={() => void flow.start(wallet)} /> : null}
      <button
        type="button"
        className="wf-button"
        disabled={!ready}
        data-testid="wf-wc-open"
        onClick={() => {
          const href = flow.openWallet(wallet)
          if (!href) return
          setOpened(true)
          // The frame is an iframe: the link must replace the top page's navigation to reach the
          // OS handler, so it opens in a new browsing context the OS intercepts.
          window.open(href, '_blank', 'noopener,noreferrer')
        }}
      >
        {ready ? `Open ${wallet.name}` : 'Preparing…'}
      </button>
      {showQr && ready && state.wcUri ? <WalletConnectQr uri={state.wcUri} /> : null}
      <div className="wf-fallback" data-testid="wf-wc-fallback">
        <span className="wf-muted">Don't have {wallet.name}?</span>
        {wallet.homepage ? (
          <a className="wf-link" href={wallet.homepage} target="_blank" rel="noopener noreferrer">
            Get it
          </a>
        ) : null}
        <button
          type="button"
          className="wf-link"
          data-testid="wf-wc-show-qr"
          onClick={() => controller.navigation.replace('ConnectingWalletConnectBasic')}
        >
          Show QR instead
        </button>
      </div>
    </div>
  )
}
