// Purchases: what the on-ramp delivered to the account on the active network (history?onramp=true),
// newest first. Read again every few seconds while open: a purchase just paid for reaches the list
// once the API has indexed its block.
import { useQuery } from '@tanstack/react-query'
import type { HistoryEntry } from '@walletframe/protocol'
import { useFrame } from '../app/context.js'
import { useLocale } from '../components/useMessages.js'
import { useStore } from '../components/useStore.js'
import { useViewMessages } from '../components/useViewMessages.js'
import * as Navigation from '../core/actions/navigation.js'
import { relativeTime } from '../core/activity.js'
import * as Connection from '../core/connection.js'
import type { Client } from '../data/client.js'
import { truncateDecimal } from '../lib/format.js'
import * as OnrampQueries from '../queries/onramp.js'
import { NotAvailable } from './NotAvailable.js'

const refetchMs = 3_000

export function OnRampActivity() {
  const { api } = useFrame()
  const words = useViewMessages().buy
  if (!api) return <NotAvailable feature={words.purchases} />
  return <Purchases api={api} />
}

function Purchases({ api }: { api: Client }) {
  const { core } = useFrame()
  const messages = useViewMessages()
  const words = messages.buy
  const connection = useStore(core.connection)
  const { active: network } = useStore(core.networks)
  const address = network && Connection.addressOn(connection.accounts, network)
  const query = useQuery({
    ...OnrampQueries.purchases(api, network?.caipNetworkId ?? '', address ?? ''),
    enabled: Boolean(network && address),
    refetchInterval: refetchMs,
  })
  if (!network || !address) return <p className="wf-muted">{messages.funds.noAccount}</p>
  return (
    <div className="wf-stack" data-testid="wf-purchases">
      {query.isPending ? (
        <p className="wf-muted">{words.loadingPurchases}</p>
      ) : query.isError ? (
        <p className="wf-error" role="alert">
          {messages.errors.failedToFetchTransactions}
        </p>
      ) : query.data.data.length === 0 ? (
        <p className="wf-muted" data-testid="wf-purchases-empty">
          {words.noPurchases(network.name)}
        </p>
      ) : (
        <ul className="wf-token-list">
          {query.data.data.map((entry) => (
            <Purchase key={entry.id} entry={entry} />
          ))}
        </ul>
      )}
      <button
        type="button"
        className="wf-button wf-button-secondary"
        data-testid="wf-purchases-account"
        onClick={() => Navigation.reset(core, 'Account')}
      >
        {messages.name.backToAccount}
      </button>
    </div>
  )
}

function Purchase({ entry }: { entry: HistoryEntry }) {
  const received = entry.transfers.filter((transfer) => transfer.direction === 'in')
  const words = useViewMessages().buy
  const locale = useLocale()
  return (
    <li className="wf-token" data-testid="wf-purchase" data-hash={entry.metadata.hash}>
      <span className="wf-token-name">
        <span>{words.bought}</span>
        <span className="wf-muted" data-testid="wf-purchase-amount">
          {received
            .map((transfer) =>
              `+${truncateDecimal(transfer.quantity.numeric)} ${transfer.fungible_info?.symbol ?? ''}`.trim(),
            )
            .join(', ')}
        </span>
      </span>
      <time className="wf-muted" dateTime={entry.metadata.minedAt} title={entry.metadata.minedAt}>
        {relativeTime(entry.metadata.minedAt, undefined, locale)}
      </time>
    </li>
  )
}
