// Account: the header (profile, address, native balance), the network, the wallet features in the
// order onramp, swaps, receive, send (each only when its flag is on and it exists), and the
// Tokens / NFTs / Activity tabs of the active namespace. The network switcher crosses namespaces (an
// EVM and a Solana account of one WalletConnect session).
import type { ViewName } from '@walletframe/protocol'
import { type KeyboardEvent, lazy, Suspense, useState } from 'react'
import { useFrame } from '../app/context.js'
import { useStore } from '../components/useStore.js'
import { useViewMessages } from '../components/useViewMessages.js'
import * as Navigation from '../core/actions/navigation.js'
import * as Connection from '../core/connection.js'
import { AccountHeader } from './account/AccountHeader.js'
import { AccountTypeSwitch } from './account/AccountTypeSwitch.js'
import { ActivityTab } from './account/ActivityTab.js'
import { NftsTab } from './account/NftsTab.js'
import { TokensTab } from './account/TokensTab.js'
import { UpdateEmailEntry } from './embedded/UpdateEmailEntry.js'

const tabs = ['Tokens', 'NFTs', 'Activity'] as const

/** "Manage smart sessions" loads only where its feature is on (off by default). */
const SmartSessions = lazy(() =>
  import('./account/SmartSessions.js').then((module) => ({ default: module.SmartSessions })),
)

/** "Two-factor authentication" of an embedded wallet loads with the Account view's first use of it. */
const TwoFactor = lazy(() =>
  import('./account/TwoFactor.js').then((module) => ({ default: module.TwoFactor })),
)
/** "Passkeys" of an embedded wallet loads with the Account view's first use of it. */
const Passkeys = lazy(() => import('./account/Passkeys.js').then((module) => ({ default: module.Passkeys })))
/** "Download recovery kit" and "Show recovery phrase" load only for an embedded wallet. */
const FreshFactor = lazy(() =>
  import('./account/FreshFactor.js').then((module) => ({ default: module.FreshFactor })),
)
const RecoveryKit = lazy(() =>
  import('./account/RecoveryKit.js').then((module) => ({ default: module.RecoveryKit })),
)
/** "Add a recovery password", for a wallet its passkey alone protects. */
const AddRecoveryPassword = lazy(() =>
  import('./account/AddRecoveryPassword.js').then((module) => ({ default: module.AddRecoveryPassword })),
)
const RecoveryPhrase = lazy(() =>
  import('./account/RecoveryPhrase.js').then((module) => ({ default: module.RecoveryPhrase })),
)

/** The wallet features, in the order they show: onramp, swaps, receive, send. */
const features = [
  { flag: 'onramp', view: 'WalletBuy' },
  { flag: 'swaps', view: 'Swap' },
  { flag: 'receive', view: 'WalletReceive' },
  { flag: 'send', view: 'WalletSend' },
] as const satisfies readonly { flag: string; view: ViewName }[]

type Tab = (typeof tabs)[number]

const tabMoves: Record<string, (index: number) => number> = {
  ArrowRight: (index) => (index + 1) % tabs.length,
  ArrowLeft: (index) => (index - 1 + tabs.length) % tabs.length,
  Home: () => 0,
  End: () => tabs.length - 1,
}

/** Selects and focuses the tab an arrow, Home or End key leads to. */
function tabKey(event: KeyboardEvent<HTMLElement>, current: Tab, select: (tab: Tab) => void) {
  const move = tabMoves[event.key]
  if (!move) return
  event.preventDefault()
  const next = tabs[move(tabs.indexOf(current))] as Tab
  select(next)
  event.currentTarget.querySelector<HTMLElement>(`#wf-tab-${next}`)?.focus()
}

export function Account() {
  const frame = useFrame()
  const { core, actions } = frame
  const connection = useStore(core.connection)
  const networks = useStore(core.networks)
  const [tab, setTab] = useState<Tab>('Tokens')
  const messages = useViewMessages().account
  if (connection.status !== 'connected') return <p className="wf-muted">{messages.notConnected}</p>
  const network = networks.active
  const address = Connection.addressOn(connection.accounts, network)
  const flags = frame.host()?.features ?? {}
  return (
    <div className="wf-stack">
      {network && address ? (
        <AccountHeader network={network} address={address} />
      ) : (
        <p className="wf-muted" data-testid="wf-account-none">
          {network ? messages.noAccountOn(network.name) : messages.noAccountHere}
        </p>
      )}
      <button
        type="button"
        className="wf-list-item"
        data-testid="wf-account-network"
        onClick={() => Navigation.push(core, 'Networks')}
      >
        <span>{messages.network}</span>
        <span className="wf-tag">{network?.name ?? messages.unsupportedNetwork}</span>
      </button>
      <UpdateEmailEntry />
      {connection.connector?.embeddedWalletInfo ? (
        <Suspense fallback={null}>
          <FreshFactor />
          <RecoveryKit />
          <AddRecoveryPassword />
          <RecoveryPhrase />
        </Suspense>
      ) : null}
      <AccountTypeSwitch />
      {connection.connector?.embeddedWalletInfo ? (
        <Suspense fallback={null}>
          <TwoFactor />
          <Passkeys />
        </Suspense>
      ) : null}
      {flags.smartSessions ? (
        <Suspense fallback={null}>
          <SmartSessions />
        </Suspense>
      ) : null}
      {address ? (
        <div className="wf-features">
          {features
            .filter((feature) => flags[feature.flag] !== false)
            // Swaps run on EVM networks only: every swap network is an EVM chain.
            .filter((feature) => feature.flag !== 'swaps' || network?.chainNamespace === 'eip155')
            .map((feature) => (
              <button
                type="button"
                key={feature.view}
                className="wf-button wf-button-secondary"
                data-testid={`wf-feature-${feature.flag}`}
                onClick={() => Navigation.push(core, feature.view)}
              >
                {messages.features[feature.flag]}
              </button>
            ))}
        </div>
      ) : null}
      {/* The WAI-ARIA tabs pattern: one tab stop, the arrow keys (and Home / End) move between tabs. */}
      <div
        role="tablist"
        aria-label={messages.tabsLabel}
        className="wf-tabs"
        onKeyDown={(event) => tabKey(event, tab, setTab)}
      >
        {tabs.map((name) => (
          <button
            type="button"
            role="tab"
            key={name}
            id={`wf-tab-${name}`}
            aria-selected={tab === name}
            aria-controls="wf-tabpanel"
            tabIndex={tab === name ? 0 : -1}
            data-testid={`wf-tab-${name}`}
            onClick={() => setTab(name)}
          >
            {messages.tabs[name]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="wf-tabpanel" aria-labelledby={`wf-tab-${tab}`} data-testid="wf-tabpanel">
        {network && address ? (
          <>
            {tab === 'Tokens' ? <TokensTab network={network} address={address} /> : null}
            {tab === 'NFTs' ? <NftsTab network={network} address={address} /> : null}
            {tab === 'Activity' && flags.history !== false ? (
              <ActivityTab network={network} address={address} />
            ) : null}
          </>
        ) : null}
      </div>
      <button
        type="button"
        className="wf-button wf-button-secondary"
        data-testid="wf-disconnect"
        onClick={() =>
          void actions
            .disconnect()
            .then(() => Navigation.close(core))
            .catch((error: Error) => core.toasts.error(error.message))
        }
      >
        {messages.disconnect}
      </button>
    </div>
  )
}
