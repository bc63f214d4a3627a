// A request's review and what the user may do about it, as the embedded wallet's approval and the
// review before an external wallet both show them: the review (RequestReview), how many more wait,
// then the guarded buttons — only Dismiss for a blocked request, else Reject and the view's own
// primary action (Approve, Continue), which the view disables by the review's gate.
import type { ReactNode } from 'react'
import { GuardedActions } from './GuardedActions.js'
import { RequestReview } from './RequestReview.js'
import type { useRequestReview } from './useRequestReview.js'
import { useCount, useViewMessages } from './useViewMessages.js'

export function ReviewedActions(props: {
  review: ReturnType<typeof useRequestReview>
  /** Requests waiting, this one included. */
  waiting: number
  /** The user answered: every button waits. */
  busy: boolean
  /** The app's paymaster pays the fee. */
  sponsored?: boolean | undefined
  /** Reject's test id (the embedded wallet's approval and the external review have their own). */
  rejectTestId: string
  onDismiss(): void
  onReject(): void
  /** The primary action, given whether the clickjacking guard holds the buttons back. */
  primary(guarded: boolean): ReactNode
}) {
  const { review, busy } = props
  const messages = useViewMessages().review
  const count = useCount()
  return (
    <>
      <RequestReview
        messages={messages}
        state={review.state}
        from={review.from}
        sponsored={props.sponsored}
        confirmed={review.confirmed}
        onConfirm={review.confirm}
      />
      {props.waiting > 1 ? (
        <p className="wf-muted" data-testid="wf-approve-queue">
          {count(messages.moreWaiting, props.waiting - 1)}
        </p>
      ) : null}
      <GuardedActions>
        {(guarded) =>
          review.gate === 'blocked' ? (
            <div className="wf-row">
              <button
                type="button"
                className="wf-button wf-button-secondary"
                data-testid="wf-review-dismiss"
                disabled={busy}
                onClick={props.onDismiss}
              >
                {messages.dismiss}
              </button>
            </div>
          ) : (
            <div className="wf-row">
              <button
                type="button"
                className="wf-button wf-button-secondary"
                data-testid={props.rejectTestId}
                disabled={busy}
                onClick={props.onReject}
              >
                {messages.reject}
              </button>
              {props.primary(guarded)}
            </div>
          )
        }
      </GuardedActions>
    </>
  )
}
