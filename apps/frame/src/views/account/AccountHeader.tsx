// The Account header: profile avatar and name (identity API, EVM only; cached 5 min), the
// address to copy (with "Choose a name" when it has none), and the active network's native balance.
import { useQuery } from '@tanstack/react-query'
import type { ChainNetwork } from '@walletframe/protocol'
import { useState } from 'react'
import { useFrame } from '../../app/context.js'
import { useLocale } from '../../components/useMessages.js'
import { useViewMessages } from '../../components/useViewMessages.js'
import * as Navigation from '../../core/actions/navigation.js'
import { truncateUnits } from '../../lib/format.js'
import { localizeDecimal } from '../../lib/localeNumbers.js'
import * as Identity from '../../queries/identity.js'
import * as NativeBalance from '../../queries/nativeBalance.js'

export function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address
}

export function AccountHeader({ network, address }: { network: ChainNetwork; address: string }) {
  const { api, core } = useFrame()
  const [copied, setCopied] = useState(false)
  const messages = useViewMessages().account
  const profile = useQuery({
    ...Identity.identity(api, address),
    enabled: network.chainNamespace === 'eip155',
  }).data
  return (
    <div className="wf-account" data-namespace={network.chainNamespace}>
      {profile?.avatar ? (
        <img className="wf-avatar" src={profile.avatar} alt="" data-testid="wf-account-avatar" />
      ) : (
        <span className="wf-avatar" aria-hidden="true" />
      )}
      {profile?.name ? (
        <span className="wf-profile-name" data-testid="wf-account-name">
          {profile.name}
        </span>
      ) : null}
      <button
        type="button"
        className="wf-address"
        title={address}
        aria-label={messages.copyAddress(address)}
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
      {api && profile && !profile.name ? (
        <button
          type="button"
          className="wf-link"
          data-testid="wf-account-choose-name"
          onClick={() => Navigation.push(core, 'RegisterAccountName')}
        >
          {messages.chooseName}
        </button>
      ) : null}
      <Balance network={network} address={address} />
    </div>
  )
}

/** The native balance on the active network, truncated to 3 decimals; nothing while unknown. */
function Balance({ network, address }: { network: ChainNetwork; address: string }) {
  const { data } = useQuery(NativeBalance.nativeBalance(network, address))
  const locale = useLocale()
  if (data === undefined || data === null) return null
  const { decimals, symbol } = network.nativeCurrency
  return (
    <span className="wf-muted" data-testid="wf-account-balance">
      {localizeDecimal(truncateUnits(data, decimals), locale)} {symbol}
    </span>
  )
}
