// Account: address, network, disconnect, and the Tokens / NFTs / Activity tabs.
import { useState } from 'react'
import { useController } from '../ModalApp.js'
import { useStore } from '../state/store.js'

const tabs = ['Tokens', 'NFTs', 'Activity'] as const

export function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address
}

export function Account() {
  const controller = useController()
  const account = useStore(controller.stores.account)
  const networks = useStore(controller.stores.networks)
  const [tab, setTab] = useState<(typeof tabs)[number]>('Tokens')
  const [copied, setCopied] = useState(false)
  if (!account.address) return <p className="wf-muted">No account is connected.</p>
  const address = account.address
  return (
    <div className="wf-stack">
      <div className="wf-account">
        <span className="wf-avatar" aria-hidden="true" />
        <button
          type="button"
          className="wf-address"
          title={address}
          data-testid="wf-account-address"
          onClick={() => {
            void navigator.clipboard
              ?.writeText(address)
              .then(() => setCopied(true))
              .catch(() => setCopied(false))
          }}
        >
          {shortAddress(address)} {copied ? '✓' : ''}
        </button>
      </div>
      <button
        type="button"
        className="wf-list-item"
        data-testid="wf-account-network"
        onClick={() => controller.navigation.push('Networks')}
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
          void controller
            .disconnect()
            .then(() => controller.closeModal())
            .catch((error: Error) => controller.stores.toasts.error(error.message))
        }
      >
        Disconnect
      </button>
    </div>
  )
}
