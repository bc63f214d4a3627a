// /approve: the approval window (core/approvalWindow.ts). Opened by the frame where the browser cannot
// tell whether the host page covers the frame; it is a top-level window on the frame origin, so what
// the user sees here is drawn as the wallet drew it. It shows the request the frame sends and sends
// back Approve or Reject — to that frame only — then closes.
import { useEffect, useMemo, useState } from 'react'
import { safeParse } from 'zod/mini'
import { ApprovalFields } from '../components/ApprovalFields.js'
import { RequestReview } from '../components/RequestReview.js'
import { ApprovalRequest, answer, ready } from '../core/approvalWindow.js'
import * as Review from '../core/review.js'
import { usePageMessages } from './pageMessages.js'

export function ApprovalPage() {
  const opener = useMemo(() => window.opener as Window | null, [])
  const [request, setRequest] = useState<ApprovalRequest>()
  const [confirmed, setConfirmed] = useState(false)
  const { messages } = usePageMessages()
  const words = messages.review
  useEffect(() => {
    if (!opener) return
    const onMessage = (event: MessageEvent) => {
      if (event.source !== opener || event.origin !== location.origin) return
      const parsed = safeParse(ApprovalRequest, event.data)
      if (parsed.success) setRequest(parsed.data)
    }
    window.addEventListener('message', onMessage)
    opener.postMessage(ready, location.origin)
    return () => window.removeEventListener('message', onMessage)
  }, [opener])

  function respond(approve: boolean) {
    opener?.postMessage(answer(approve), location.origin)
    window.close()
  }

  if (!opener)
    return (
      <main className="wf-page">
        <p>{messages.pages.approval.opensFromWallet}</p>
      </main>
    )
  if (!request)
    return (
      <main className="wf-page">
        <p className="wf-muted">{messages.pages.approval.loading}</p>
      </main>
    )
  const review = request.review
  // The frame's review, with the same gate: a warning needs the tick here, a blocked request no Approve.
  const gate = review ? Review.gateOf(review.state as Review.State, confirmed) : 'approve'
  return (
    <main className="wf-page wf-stack" data-testid="wf-approval-window">
      <h1 data-testid="wf-approve-action">{request.summary.action}</h1>
      <p className="wf-muted">{words.asksYourWallet(request.appName)}</p>
      <ApprovalFields fields={request.summary.fields} words={words.fields} />
      {review ? (
        <RequestReview
          state={review.state as Review.State}
          from={review.from}
          sponsored={review.sponsored}
          confirmed={confirmed}
          onConfirm={setConfirmed}
          messages={words}
        />
      ) : null}
      <div className="wf-row">
        <button
          type="button"
          className="wf-button wf-button-secondary"
          data-testid="wf-approve-reject"
          onClick={() => respond(false)}
        >
          {words.reject}
        </button>
        {gate === 'blocked' ? null : (
          <button
            type="button"
            className="wf-button"
            data-testid="wf-approve-confirm"
            disabled={gate !== 'approve'}
            onClick={() => respond(true)}
          >
            {words.approve}
          </button>
        )}
      </div>
    </main>
  )
}
