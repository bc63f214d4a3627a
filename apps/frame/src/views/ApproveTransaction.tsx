// ApproveTransaction (SPEC §2): the embedded wallet's confirmation. The frame is the wallet here, so
// it shows what the first waiting request asks and lets the user approve it (the Worker signs) or
// reject it (the caller gets 4001). The queue itself and the navigation live in core.
import { useState } from 'react'
import { useFrame } from '../app/context.js'
import { GuardedActions } from '../components/GuardedActions.js'
import { useStore } from '../components/useStore.js'
import { summarize } from '../lib/approvalSummary.js'

export function ApproveTransaction() {
  const frame = useFrame()
  const { core } = frame
  const pending = useStore(core.pending)
  const [answered, setAnswered] = useState<number>()
  const waiting = pending.filter((request) => request.inFrame)
  const first = waiting[0]
  if (!first) return <p className="wf-muted">No request is waiting for your approval.</p>
  const network = first.network ? core.networks.find(first.network) : undefined
  const summary = summarize(first, network)
  const busy = answered === first.id

  async function answer(approve: boolean) {
    if (!first) return
    setAnswered(first.id)
    // The wallet is loaded already: its request is what this view shows.
    ;(await frame.embedded()).answer(first.id, approve)
  }

  return (
    <div
      className="wf-stack"
      data-testid="wf-approve-transaction"
      data-method={first.method}
      data-request-id={first.id}
    >
      <p>
        <strong data-testid="wf-approve-action">{summary.action}</strong>
      </p>
      <p className="wf-muted">
        {frame.host()?.metadata.name ?? 'This app'} asks your wallet to approve this.
      </p>
      <dl className="wf-stack">
        {summary.fields.map((field) => (
          <div key={field.label}>
            <dt className="wf-muted">{field.label}</dt>
            <dd
              data-testid={`wf-approve-${field.label.toLowerCase().replaceAll(' ', '-')}`}
              style={{ margin: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
            >
              {field.value}
            </dd>
          </div>
        ))}
      </dl>
      {waiting.length > 1 ? (
        <p className="wf-muted" data-testid="wf-approve-queue">
          {waiting.length - 1} more waiting.
        </p>
      ) : null}
      <GuardedActions>
        {(blocked) => (
          <div className="wf-row">
            <button
              type="button"
              className="wf-button wf-button-secondary"
              data-testid="wf-approve-reject"
              disabled={busy}
              onClick={() => void answer(false)}
            >
              Reject
            </button>
            <button
              type="button"
              className="wf-button"
              data-testid="wf-approve-confirm"
              disabled={busy || blocked}
              onClick={() => void answer(true)}
            >
              Approve
            </button>
          </div>
        )}
      </GuardedActions>
    </div>
  )
}
