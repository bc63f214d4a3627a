// ReviewRequest: before a browser wallet or WalletConnect gets a request to sign or send, the frame
// shows what it asks and its review (RequestReview). Continue lets it go to the wallet, which asks
// its user in turn; Reject answers the app 4001. Continue waits for the review, a warning needs "I
// understand the risk", and a request the project blocks has only Dismiss: it never reaches the
// wallet, and the app hears 4001 "Action not allowed". The queue lives in core/reviewGate.ts.
import { use, useCallback, useState } from 'react'
import { useFrame } from '../app/context.js'
import { ApprovalFields, actionOf } from '../components/ApprovalFields.js'
import { ReviewedActions } from '../components/ReviewedActions.js'
import { useRequestReview } from '../components/useRequestReview.js'
import { useStore } from '../components/useStore.js'
import { useViewMessages } from '../components/useViewMessages.js'
import { summarize } from '../core/approvalSummary.js'

export function ReviewRequest() {
  const frame = useFrame()
  const gate = use(frame.reviewGate())
  const waiting = useStore(gate)
  const connection = useStore(frame.core.connection)
  const first = waiting[0]
  const [answered, setAnswered] = useState<number>()
  const messages = useViewMessages().review
  const review = useRequestReview(
    first,
    useCallback((id: number) => gate.block(id), [gate]),
  )
  if (!first) return <p className="wf-muted">{messages.noneToReview}</p>
  const network = first.network ? frame.core.networks.find(first.network) : undefined
  const summary = summarize(first, network)
  const busy = answered === first.id
  const appName = frame.host()?.metadata.name ?? messages.thisApp
  const wallet = connection.connector?.name ?? messages.yourWallet

  function answer(how: 'proceed' | 'reject' | 'dismiss') {
    if (!first) return
    setAnswered(first.id)
    if (how === 'proceed') return gate.proceed(first.id)
    if (how === 'dismiss') gate.block(first.id)
    gate.reject(first.id)
  }

  return (
    <div className="wf-stack" data-testid="wf-review-request" data-method={first.method}>
      <p>
        <strong data-testid="wf-approve-action">{actionOf(summary.action, first.method, messages)}</strong>
      </p>
      <p className="wf-muted">{messages.asksWallet(appName, wallet)}</p>
      <ApprovalFields fields={summary.fields} words={messages.fields} />
      <ReviewedActions
        review={review}
        waiting={waiting.length}
        busy={busy}
        rejectTestId="wf-review-reject"
        onDismiss={() => answer('dismiss')}
        onReject={() => answer('reject')}
        primary={(covered) => (
          <button
            type="button"
            className="wf-button"
            data-testid="wf-review-continue"
            // Where the browser cannot say whether the page covers the frame, the wallet's own
            // prompt still stands between Continue and a signature.
            disabled={busy || covered || review.gate !== 'approve'}
            onClick={() => answer('proceed')}
          >
            {messages.proceed}
          </button>
        )}
      />
    </div>
  )
}
