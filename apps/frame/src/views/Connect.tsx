// Connect: the connect methods in the order email, social, wallet, honouring the host's feature
// flags. Only methods this build ships are listed. Wallets follow the connector order:
// WalletConnect, recent, injected (browser wallets found in the host page), featured.
// Featured wallets come from a query: they render once the query library has loaded, after the
// view's first paint.
import type { RegistryWallet } from '@walletframe/protocol/walletRegistry'
import { lazy, Suspense, useEffect } from 'react'
import { useFrame } from '../app/context.js'
import { QueryLayer } from '../components/queryLayerLazy.js'
import { RegistryItem } from '../components/RegistryItem.js'
import { useMessages } from '../components/useMessages.js'
import { useStore } from '../components/useStore.js'
import * as Navigation from '../core/actions/navigation.js'
import { constant } from '../lib/store.js'
import { LoginStartPlaceholder } from './embedded/LoginStart.js'

const FeaturedWallets = lazy(() =>
  import('./FeaturedWallets.js').then((module) => ({ default: module.FeaturedWallets })),
)
const noRecent = constant<readonly RegistryWallet[]>([])
// Email and social login load after the view paints; until they have, their first screen stands in
// for them inert, at the same size (embedded/LoginStart.tsx).
const LoginMethods = lazy(() =>
  import('./embedded/LoginMethods.js').then((module) => ({ default: module.LoginMethods })),
)

export function Connect() {
  const frame = useFrame()
  const { core, actions } = frame
  const wallets = useStore(frame.wallets)
  const connection = useStore(core.connection)
  const { offered: hasPairing, pairing: flow } = useStore(core.pairing)
  const recent = useStore(flow?.recent ?? noRecent)
  const connecting = connection.status === 'connecting'
  const allWallets = frame.host()?.features.allWallets !== false
  const messages = useMessages().connect

  useEffect(() => {
    // After the first paint: load the pairing (recent wallets, featured ones) and warm sign-client
    // while the user reads the list, so the QR view opens without a wait.
    if (!hasPairing) return
    // When the browser is idle after showing the list: nothing on screen waits for this load.
    const load = () =>
      void core.pairing
        .load()
        .then((pairing) => pairing?.preload())
        .catch((error: Error) => core.toasts.error(error.message))
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(load, { timeout: 1_000 })
      return () => cancelIdleCallback(handle)
    }
    // Safari has no requestIdleCallback: a little later than the paint instead.
    const timer = setTimeout(load, 50)
    return () => clearTimeout(timer)
  }, [hasPairing, core])

  const pick = (wallet: RegistryWallet) => {
    flow?.selected.set(wallet)
    Navigation.push(core, 'ConnectingWalletConnect')
  }
  const injectedRdns = new Set(wallets.list.map((wallet) => wallet.rdns))
  // A registry wallet that is also installed in this browser is offered once, as the browser wallet.
  const notInstalled = (wallet: RegistryWallet) => !wallet.rdns || !injectedRdns.has(wallet.rdns)

  return (
    <div className="wf-stack">
      {frame.api ? (
        <Suspense fallback={<LoginStartPlaceholder />}>
          <LoginMethods />
        </Suspense>
      ) : null}
      {hasPairing ? (
        <button
          type="button"
          className="wf-list-item"
          data-testid="wf-walletconnect"
          onClick={() => Navigation.push(core, 'ConnectingWalletConnectBasic')}
        >
          <WalletConnectMark />
          <span>WalletConnect</span>
          <span className="wf-tag">{messages.qrCode}</span>
        </button>
      ) : null}
      {recent.filter(notInstalled).map((wallet) => (
        <RegistryItem
          key={wallet.id}
          wallet={wallet}
          logoUrl={frame.registry.logoUrl(wallet)}
          tag={messages.recent}
          onPick={pick}
        />
      ))}
      <section aria-label={messages.browserWallets} className="wf-stack">
        {wallets.list.map((wallet) => (
          <button
            type="button"
            key={wallet.uuid}
            className="wf-list-item"
            disabled={connecting}
            data-testid={`wf-wallet-${wallet.rdns}`}
            onClick={() => void actions.connectInjected(wallet)}
          >
            <img src={wallet.icon} alt="" width={32} height={32} />
            <span>{wallet.name}</span>
            <span className="wf-tag">{connecting ? messages.connecting : messages.installed}</span>
          </button>
        ))}
      </section>
      {wallets.loaded && wallets.list.length === 0 && !hasPairing ? (
        <p className="wf-muted" data-testid="wf-no-wallets">
          {messages.noWallets}
        </p>
      ) : null}
      {!wallets.loaded ? <p className="wf-muted">{messages.lookingForWallets}</p> : null}
      {flow ? (
        <Suspense fallback={null}>
          <QueryLayer>
            <FeaturedWallets recent={recent} shown={notInstalled} onPick={pick} />
          </QueryLayer>
        </Suspense>
      ) : null}
      {hasPairing && allWallets ? (
        <button
          type="button"
          className="wf-list-item"
          data-testid="wf-all-wallets"
          onClick={() => Navigation.push(core, 'AllWallets')}
        >
          <svg className="wf-wc-logo wf-wc-logo-grid" viewBox="0 0 32 32" aria-hidden="true" />
          <span>{messages.allWallets}</span>
        </button>
      ) : null}
    </div>
  )
}

/** The WalletConnect entry's mark: the "bridge" wave on WalletConnect blue. */
function WalletConnectMark() {
  return (
    <svg className="wf-wc-logo" viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="#3396ff" />
      <path
        d="M9.6 12.6c3.5-3.5 9.3-3.5 12.8 0l.4.4-1.5 1.5-.6-.6c-2.5-2.4-6.5-2.4-9 0l-.6.6-1.5-1.5.4-.4Zm15.8 2.9 1.4 1.3-5.9 5.8-3.7-3.6a.3.3 0 0 0-.4 0l-3.7 3.6-5.9-5.8 1.4-1.3 4.5 4.4 3.7-3.6c.2-.2.4-.2.6 0l3.7 3.6 4.3-4.4Z"
        fill="#fff"
      />
    </svg>
  )
}
