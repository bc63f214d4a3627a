// Account: the active namespace's address, the network, disconnect, and the Tokens / NFTs /
// Activity tabs. The network switcher crosses namespaces (an EVM and a Solana account of one
// WalletConnect session).

import { useQuery } from '@tanstack/react-query'
import type { ChainNetwork } from '@walletframe/protocol'
import { useState } from 'react'
import { useFrame } from '../app/context.js'
import { useStore } from '../components/useStore.js'
import * as Navigation from '../core/actions/navigation.js'
import * as Connection from '../core/connection.js'
import { truncateUnits } from '../lib/format.js'
import * as NativeBalance from '../queries/nativeBalance.js'

const tabs = ['Tokens', 'NFTs', 'Activity'] as const

export function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address
}

export function Account() {
  const { core, actions } = useFrame()
  const connection = useStore(core.connection)
  const networks = useStore(core.networks)
  const [tab, setTab] = useState<(typeof tabs)[number]>('Tokens')
  const [copied, setCopied] = useState(false)
  if (connection.status !== 'connected') return <p className="wf-muted">No account is connected.</p>
  const address = Connection.addressOn(connection.accounts, networks.active)
  return (
    <div className="wf-stack">
      {address ? null : (
        <p className="wf-muted" data-testid="wf-account-none">
          This wallet has no account on {networks.active?.name ?? 'this network'}. Choose another network.
        </p>
      )}
      <div className="wf-account" hidden={!address} data-namespace={networks.active?.chainNamespace}>
        <span className="wf-avatar" aria-hidden="true" />
        <button
          type="button"
          className="wf-address"
          title={address}
          data-testid="wf-account-address"
          onClick={() => {
            if (!address) return
            void navigator.clipboard
              ?.writeText(address)
              .then(() => setCopied(true))
              .catch(() => setCopied(false))
          }}
        >
          {address ? shortAddress(address) : ''} {copied ? '✓' : ''}
        </button>
        {address && networks.active ? <Balance network={networks.active} address={address} /> : null}
      </div>
      <button
        type="button"
        className="wf-list-item"
        data-testid="wf-account-network"
        onClick={() => Navigation.push(core, 'Networks')}
      >
        <span>Network</span>
        <span className="wf-tag">{networks.active?.name ?? 'Unsupported'}</span>
      </button>
      <div role="tablist" className="wf-tabs">
        {tabs.map((name) => (
          <button
            type="button"
            role="tab"
            key={name}
            aria-selected={tab === name}
            data-testid={`wf-tab-${name}`}
            onClick={() => setTab(name)}
          >
            {name}
          </button>
        ))}
      </div>
      <div role="tabpanel" className="wf-muted" data-testid="wf-tabpanel">
        {tab === 'Tokens' ? 'Token balances are not available in this version yet.' : null}
        {tab === 'NFTs' ? 'NFTs are not available in this version yet.' : null}
        {tab === 'Activity' ? 'Activity is not available in this version yet.' : null}
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
        Disconnect
      </button>
    </div>
  )
}

/** The native balance on the active network, truncated to 3 decimals; nothing while unknown. */
function Balance({ network, address }: { network: ChainNetwork; address: string }) {
  const { data } = useQuery(NativeBalance.nativeBalance(network, address))
  if (data === undefined || data === null) return null
  const { decimals, symbol } = network.nativeCurrency
  return (
    <span className="wf-muted" data-testid="wf-account-balance">
      {truncateUnits(data, decimals)} {symbol}
    </span>
  )
}
