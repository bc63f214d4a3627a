// Account's "Manage smart sessions" (feature smartSessions, off by default): each active grant of
// the embedded smart account — the dapp origin, its permissions, when it ends, what it used and has
// left this period — with Revoke, which ends it on chain. The wallet code it calls is the embedded
// chunk, already loaded while the embedded wallet is connected.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useFrame } from '../../app/context.js'
import { useLocale } from '../../components/useMessages.js'
import { useStore } from '../../components/useStore.js'
import { useViewMessages } from '../../components/useViewMessages.js'
import type {
  SmartSessions as Sessions,
  SmartSessionGrant,
  SmartSessionUsage,
} from '../../lib/embeddedLogin.js'
import { truncateUnits } from '../../lib/format.js'
import type { ViewMessages } from '../../locale/en/views.js'
import * as SmartSessionQueries from '../../queries/smartSessions.js'

type SmartSessionMessages = ViewMessages['security']['smartSessions']

const nativeToken = '0x0000000000000000000000000000000000000000'

export function SmartSessions() {
  const frame = useFrame()
  const connection = useStore(frame.core.connection)
  const info = connection.connector?.embeddedWalletInfo
  if (!frame.host()?.features.smartSessions || connection.status !== 'connected' || !info) return null
  if (info.accountType !== 'smartAccount') return null
  return <Loaded />
}

function Loaded() {
  const frame = useFrame()
  const [sessions, setSessions] = useState<Sessions>()
  useEffect(() => {
    let live = true
    frame
      .embedded()
      .then((wallet) => {
        if (live) setSessions(wallet.smartSessions)
      })
      .catch((error: unknown) => console.error('[walletframe] smart sessions could not be listed', error))
    return () => {
      live = false
    }
  }, [frame])
  return sessions ? <GrantList sessions={sessions} /> : null
}

function GrantList({ sessions }: { sessions: Sessions }) {
  const grants = useStore(sessions.grants)
  const now = Date.now() / 1000
  const active = grants.filter((grant) => !grant.revoked && grant.validUntil > now)
  const messages = useViewMessages().security.smartSessions
  return (
    <section className="wf-stack" data-testid="wf-smart-sessions" aria-label={messages.title}>
      <h3>{messages.title}</h3>
      {active.length === 0 ? <p className="wf-muted">{messages.none}</p> : null}
      {active.map((grant) => (
        <GrantItem key={grant.id} sessions={sessions} grant={grant} />
      ))}
    </section>
  )
}

function usageText(usage: SmartSessionUsage, messages: SmartSessionMessages): string {
  const what = usage.token === nativeToken ? 'ETH' : messages.token(usage.token.slice(0, 8))
  const decimals = usage.token === nativeToken ? 18 : 0
  const left = usage.allowance > usage.spent ? usage.allowance - usage.spent : 0n
  return messages.usage(truncateUnits(usage.spent, decimals, 6), truncateUnits(left, decimals, 6), what)
}

function GrantItem({ sessions, grant }: { sessions: Sessions; grant: SmartSessionGrant }) {
  const queryClient = useQueryClient()
  const messages = useViewMessages().security.smartSessions
  const locale = useLocale()
  const usage = useQuery(SmartSessionQueries.usage(sessions, grant.id))
  const revoke = useMutation({
    mutationFn: () => sessions.revoke(grant.id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SmartSessionQueries.smartSessionsKey }),
  })
  return (
    <div className="wf-list-item" data-testid="wf-smart-session" data-grant-id={grant.id}>
      <div className="wf-stack">
        <strong data-testid="wf-smart-session-origin">{grant.origin}</strong>
        <span className="wf-muted">{grant.permissions.map((permission) => permission.type).join(', ')}</span>
        <span className="wf-muted">
          {messages.expires(
            new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
              grant.validUntil * 1000,
            ),
          )}
        </span>
        <span className="wf-muted" data-testid="wf-smart-session-usage">
          {usage.data
            ? usage.data.map((entry) => usageText(entry, messages)).join('; ')
            : usage.isError
              ? messages.usageUnavailable
              : '…'}
        </span>
        {revoke.isError ? (
          <span role="alert">{messages.revokeFailed((revoke.error as Error).message)}</span>
        ) : null}
      </div>
      <button
        type="button"
        className="wf-button wf-button-secondary"
        data-testid="wf-smart-session-revoke"
        disabled={revoke.isPending}
        aria-busy={revoke.isPending}
        onClick={() => revoke.mutate()}
      >
        {revoke.isPending ? messages.revoking : messages.revoke}
      </button>
    </div>
  )
}
