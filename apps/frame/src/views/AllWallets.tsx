// AllWallets: every wallet of the registry, searchable by name, a page at a time.
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useFrame } from '../app/context.js'
import { useLocale } from '../components/useMessages.js'
import { usePairing } from '../components/usePairing.js'
import { useViewMessages } from '../components/useViewMessages.js'
import { WalletLogo } from '../components/WalletLogo.js'
import * as Navigation from '../core/actions/navigation.js'
import { formatCount } from '../lib/localeNumbers.js'
import * as WalletRegistry from '../queries/walletRegistry.js'
import { NotAvailable } from './NotAvailable.js'

export const pageSize = 20
/** How long typing pauses before the search runs (the frame's debounce for typed input). */
export const searchDebounceMs = 500

export function AllWallets() {
  const { core, registry } = useFrame()
  const status = usePairing()
  const flow = status.state === 'ready' ? status.pairing : undefined
  const messages = useViewMessages().allWallets
  const locale = useLocale()
  const [search, setSearch] = useState('')
  const [query, setQuery] = useState('')
  const [pages, setPages] = useState(1)
  // The previous page stays on screen while a longer one loads ("Show more" does not flash).
  const { data: result, error } = useQuery({
    ...WalletRegistry.list(registry, {
      page: 1,
      entries: pageSize * pages,
      ...(query ? { search: query } : {}),
    }),
    placeholderData: keepPreviousData,
  })

  useEffect(() => {
    // Only a changed search starts over at page one; "Show more" must survive the first debounce.
    const next = search.trim()
    if (next === query) return
    const timer = setTimeout(() => {
      setQuery(next)
      setPages(1)
    }, searchDebounceMs)
    return () => clearTimeout(timer)
  }, [search, query])

  if (status.state === 'unavailable') return <NotAvailable feature="WalletConnect" />
  return (
    <div className="wf-stack">
      <input
        type="search"
        className="wf-input"
        placeholder={messages.search}
        aria-label={messages.search}
        data-testid="wf-wallet-search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {error ? (
        <p className="wf-error" role="alert">
          {error.message}
        </p>
      ) : null}
      {result && result.data.length === 0 ? (
        <p className="wf-muted" data-testid="wf-wallets-empty">
          {messages.noMatch(query)}
        </p>
      ) : null}
      <div className="wf-scroll">
        <ul className="wf-plain-list wf-stack" data-testid="wf-wallet-list">
          {result?.data.map((wallet) => (
            <li key={wallet.id}>
              <button
                type="button"
                className="wf-list-item"
                data-testid={`wf-wc-wallet-${wallet.id}`}
                disabled={!flow}
                onClick={() => {
                  flow?.selected.set(wallet)
                  Navigation.push(core, 'ConnectingWalletConnect')
                }}
              >
                <WalletLogo wallet={wallet} src={registry.logoUrl(wallet)} size={32} />
                <span>{wallet.name}</span>
              </button>
            </li>
          ))}
        </ul>
        {result && result.data.length < result.count ? (
          <button
            type="button"
            className="wf-button wf-button-secondary"
            data-testid="wf-wallets-more"
            onClick={() => setPages((count) => count + 1)}
          >
            {messages.showMore(formatCount(result.count - result.data.length, locale))}
          </button>
        ) : null}
      </div>
      {!result && !error ? <p className="wf-muted">{messages.loading}</p> : null}
    </div>
  )
}
