// One wallet from the list: open its app with the pairing URI (universal link or scheme), or scan
// the QR with it; a clear way out when the app is not installed.
import type { RegistryWallet } from '@walletframe/protocol/walletRegistry'
import { useState } from 'react'
import { useFrame } from '../app/context.js'
import { usePairing } from '../components/usePairing.js'
import { useStore } from '../components/useStore.js'
import { useViewMessages } from '../components/useViewMessages.js'
import { WalletConnectQr } from '../components/WalletConnectQr.js'
import { WalletLogo } from '../components/WalletLogo.js'
import * as Navigation from '../core/actions/navigation.js'
import type { PairingCapability } from '../core/pairing.js'
import { constant } from '../lib/store.js'
import { PairingBody, Preparing, usePairingUri } from './ConnectingWalletConnectBasic.js'
import { NotAvailable } from './NotAvailable.js'

const noWallet = constant<RegistryWallet | undefined>(undefined)

export function ConnectingWalletConnect() {
  const status = usePairing()
  const wallet = useStore(status.state === 'ready' ? status.pairing.selected : noWallet)
  if (status.state === 'loading') return <Preparing />
  if (status.state === 'unavailable' || !wallet) return <NotAvailable feature="WalletConnect" />
  return <WalletPairing pairing={status.pairing} wallet={wallet} />
}

function WalletPairing({ pairing, wallet }: { pairing: PairingCapability; wallet: RegistryWallet }) {
  const { core, registry } = useFrame()
  const messages = useViewMessages().walletConnect
  const state = usePairingUri(pairing, wallet)
  const [opened, setOpened] = useState(false)
  // On a phone the QR is for another phone; on a desktop it is how this wallet connects.
  const [showQr] = useState(!core.isMobile())
  const ready = Boolean(state.wcUri) && !state.buffering && !state.wcError
  const href = state.wcUri ? pairing.linkFor(wallet) : undefined
  return (
    <div className="wf-stack" data-testid="wf-wc-wallet">
      <div className="wf-wallet-hero">
        <WalletLogo wallet={wallet} src={registry.logoUrl(wallet)} size={64} />
        <strong>{wallet.name}</strong>
        <span className="wf-muted">
          {opened ? messages.acceptIn(wallet.name) : messages.continueIn(wallet.name)}
        </span>
      </div>
      {state.wcError ? <PairingBody state={state} onRetry={() => void pairing.start(wallet)} /> : null}
      {ready && href ? (
        <a
          className="wf-button wf-button-link"
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="wf-wc-open"
          // The frame is an iframe: a link opened in a new browsing context reaches the OS handler
          // (universal link or app scheme) where navigating the frame itself would not.
          onClick={() => {
            pairing.openWallet(wallet)
            setOpened(true)
          }}
        >
          {messages.open(wallet.name)}
        </a>
      ) : (
        <button type="button" className="wf-button" disabled data-testid="wf-wc-open">
          {state.wcError ? messages.open(wallet.name) : messages.preparingButton}
        </button>
      )}
      {showQr && ready && state.wcUri ? <WalletConnectQr uri={state.wcUri} /> : null}
      <div className="wf-fallback" data-testid="wf-wc-fallback">
        <span className="wf-muted">{messages.notInstalled(wallet.name)}</span>
        {wallet.homepage ? (
          <a className="wf-link" href={wallet.homepage} target="_blank" rel="noopener noreferrer">
            {messages.getIt}
          </a>
        ) : null}
        <button
          type="button"
          className="wf-link"
          data-testid="wf-wc-show-qr"
          onClick={() => Navigation.replace(core, 'ConnectingWalletConnectBasic')}
        >
          {showQr ? messages.useAnother : messages.showQr}
        </button>
      </div>
    </div>
  )
}
