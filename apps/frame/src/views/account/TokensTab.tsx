// Tokens: the active network's balances from the API (native and tokens), with USD values. A failed
// or unsupported fetch toasts "Token Balance Unavailable" and shows none; the retry block
// keeps further fetches empty for 30 s. A network whose balances are not shown (Bitcoin) asks
// nothing and says so, without an error.
import { useQuery } from '@tanstack/react-query'
import type { ChainNetwork } from '@walletframe/protocol'
import { useEffect } from 'react'
import { useFrame } from '../../app/context.js'
import { TokenIcon } from '../../components/TokenIcon.js'
import { useCount, useViewMessages } from '../../components/useViewMessages.js'
import { formatUsd, truncateDecimal } from '../../lib/format.js'
import * as TokenBalances from '../../queries/tokenBalances.js'

export function TokensTab({ network, address }: { network: ChainNetwork; address: string }) {
  const { api, balanceRetry, core } = useFrame()
  const messages = useViewMessages()
  const count = useCount()
  const unavailable = messages.errors.tokenBalanceUnavailable
  const unshown = TokenBalances.unshownNamespaces.has(network.chainNamespace)
  const query = useQuery({
    ...TokenBalances.tokenBalances(api, balanceRetry, network, address),
    enabled: !unshown,
  })
  useEffect(() => {
    if (query.errorUpdatedAt > 0) core.toasts.error(unavailable)
  }, [query.errorUpdatedAt, core, unavailable])
  if (unshown)
    return (
      <p className="wf-muted" data-testid="wf-tokens-unavailable">
        {messages.errors.balancesNotShown}
      </p>
    )
  if (query.isPending) return <p className="wf-muted">{messages.funds.loadingBalances}</p>
  const balances = query.data ?? []
  if (balances.length === 0)
    return (
      <p className="wf-muted" data-testid="wf-tokens-empty">
        {query.isError ? unavailable : messages.tabs.noTokens}
      </p>
    )
  return (
    <ul
      className="wf-token-list"
      data-testid="wf-tokens"
      aria-label={count(messages.tabs.tokenCount, balances.length)}
    >
      {balances.map((balance) => (
        <li
          key={balance.address ?? `native:${balance.chainId}`}
          className="wf-token"
          data-testid="wf-token"
          data-symbol={balance.symbol}
          data-address={balance.address ?? ''}
        >
          <TokenIcon iconUrl={balance.iconUrl} symbol={balance.symbol} />
          <span className="wf-token-name">
            <span>{balance.name}</span>
            <span className="wf-muted" data-testid="wf-token-quantity">
              {truncateDecimal(balance.quantity.numeric)} {balance.symbol}
            </span>
          </span>
          <span className="wf-token-value" data-testid="wf-token-value">
            {formatUsd(balance.value)}
          </span>
        </li>
      ))}
    </ul>
  )
}
