// Purchases: what the on-ramp delivered to the account on the active network (history?onramp=true),
// newest first. Read again every few seconds while open: a purchase just paid for reaches the list
// once the API has indexed its block.
import { useQuery } from '@tanstack/react-query'
import type { HistoryEntry } from '@walletframe/protocol'
import { useFrame } from '../app/context.js'
import { useStore } from '../components/useStore.js'
import { accountMessages } from '../core/accountMessages.js'
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
  if (!api) return <NotAvailable feature="Purchases" />
  return <Purchases api={api} />
}

function Purchases({ api }: { api: Client }) {
  const { core } = useFrame()
  const connection = useStore(core.connection)
  const { active: network } = useStore(core.networks)
  const address = network && Connection.addressOn(connection.accounts, network)
  const query = useQuery({
    ...OnrampQueries.purchases(api, network?.caipNetworkId ?? '', address ?? ''),
    enabled: Boolean(network && address),
    refetchInterval: refetchMs,
  })
  if (!network || !address) return <p className="wf-muted">No account is connected on this network.</p>
  return (
    <div className="wf-stack" data-testid="wf-purchases">
      {query.isPending ? (
        <p className="wf-muted">Loading purchases…</p>
      ) : query.isError ? (
        <p className="wf-error" role="alert">
          {accountMessages.failedToFetchTransactions}
        </p>
      ) : query.data.data.length === 0 ? (
        <p className="wf-muted" data-testid="wf-purchases-empty">
          No purchases on {network.name} yet. A purchase shows here once its transaction is confirmed.
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
        Back to account
      </button>
    </div>
  )
}

function Purchase({ entry }: { entry: HistoryEntry }) {
  const received = entry.transfers.filter((transfer) => transfer.direction === 'in')
  return (
    <li className="wf-token" data-testid="wf-purchase" data-hash={entry.metadata.hash}>
      <span className="wf-token-name">
        <span>Bought</span>
        <span className="wf-muted" data-testid="wf-purchase-amount">
          {received
            .map((transfer) =>
              `+${truncateDecimal(transfer.quantity.numeric)} ${transfer.fungible_info?.symbol ?? ''}`.trim(),
            )
            .join(', ')}
        </span>
      </span>
      <time className="wf-muted" dateTime={entry.metadata.minedAt} title={entry.metadata.minedAt}>
        {relativeTime(entry.metadata.minedAt)}
      </time>
    </li>
  )
}
