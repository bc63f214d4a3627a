// Activity: the history of the address on the active network, page by page, grouped by year and
// month, newest first, spam NFTs removed; "Failed to fetch transactions" on failure.
import { useInfiniteQuery } from '@tanstack/react-query'
import type { ChainNetwork, HistoryEntry, HistoryTransfer } from '@walletframe/protocol'
import { useEffect } from 'react'
import { useFrame } from '../../app/context.js'
import { useLocale } from '../../components/useMessages.js'
import { useViewMessages } from '../../components/useViewMessages.js'
import { groupByMonth, relativeTime, withoutSpam } from '../../core/activity.js'
import { truncateDecimal } from '../../lib/format.js'
import * as History from '../../queries/history.js'

export function ActivityTab({ network, address }: { network: ChainNetwork; address: string }) {
  const { api, core } = useFrame()
  const query = useInfiniteQuery(History.history(api, network.caipNetworkId, address))
  const locale = useLocale()
  const messages = useViewMessages()
  const words = messages.tabs
  const failed = messages.errors.failedToFetchTransactions
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per failure (errorUpdatedAt marks each), not per render of its error or props
  useEffect(() => {
    if (query.errorUpdatedAt === 0) return
    core.toasts.error(failed)
    core.analytics.track({
      event: 'ERROR_FETCH_TRANSACTIONS',
      properties: { address, network: network.caipNetworkId, message: query.error?.message ?? '' },
    })
  }, [query.errorUpdatedAt, core])
  if (query.isPending) return <p className="wf-muted">{words.loadingActivity}</p>
  if (query.isError && !query.data)
    return (
      <p className="wf-muted" data-testid="wf-activity-error">
        {failed}
      </p>
    )
  const entries = withoutSpam(query.data.pages.flatMap((page) => page.data)).filter(
    (entry) => entry.metadata.chain === network.caipNetworkId,
  )
  if (entries.length === 0)
    return (
      <p className="wf-muted" data-testid="wf-activity-empty">
        {words.noActivity}
      </p>
    )
  return (
    <div className="wf-activity" data-testid="wf-activity">
      {groupByMonth(entries).map((group) => (
        <section key={group.key} data-testid="wf-activity-month" data-month={group.key}>
          <h3 className="wf-activity-month">
            {group.current ? words.thisMonth : monthOf(group.key, locale)}
          </h3>
          <ul className="wf-token-list">
            {group.entries.map((entry) => (
              <Row key={entry.id} entry={entry} />
            ))}
          </ul>
        </section>
      ))}
      {query.hasNextPage ? (
        <button
          type="button"
          className="wf-button wf-button-secondary"
          data-testid="wf-activity-more"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? words.loading : words.showMore}
        </button>
      ) : null}
    </div>
  )
}

/** A month's heading (`2026-11`) the locale's way: "November 2026", "novembre 2026", "2026年11月". */
function monthOf(key: string, locale: string): string {
  const [year, month] = key.split('-').map(Number) as [number, number]
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    Date.UTC(year, month - 1),
  )
}

function amount(transfer: HistoryTransfer): string {
  const sign = transfer.direction === 'in' ? '+' : transfer.direction === 'out' ? '-' : ''
  if (transfer.nft_info) return `${sign}${transfer.nft_info.name}`
  return `${sign}${truncateDecimal(transfer.quantity.numeric)} ${transfer.fungible_info?.symbol ?? ''}`.trim()
}

function Row({ entry }: { entry: HistoryEntry }) {
  const locale = useLocale()
  const words = useViewMessages().tabs
  const { metadata } = entry
  const title = words.operations[metadata.operationType]
  const failed = metadata.status === 'failed'
  return (
    <li
      className="wf-token"
      data-testid="wf-activity-entry"
      data-hash={metadata.hash}
      data-operation={metadata.operationType}
      data-status={metadata.status}
    >
      <span className="wf-token-name">
        <span>{failed ? words.failed(title) : title}</span>
        <span className="wf-muted" data-testid="wf-activity-amounts">
          {entry.transfers.map(amount).join(', ')}
        </span>
      </span>
      <time className="wf-muted" dateTime={metadata.minedAt} title={metadata.minedAt}>
        {relativeTime(metadata.minedAt, undefined, locale)}
      </time>
    </li>
  )
}
