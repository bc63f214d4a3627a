// ApproveTransaction: the embedded wallet's confirmation. The frame is the wallet here, so
// it shows what the first waiting request asks and lets the user approve it (the Worker signs) or
// reject it (the caller gets 4001). The queue itself and the navigation live in core. Where the
// browser cannot say whether the host page covers the frame (no IntersectionObserver v2), Approve
// happens in the approval window instead (core/approvalWindow.ts); Reject stays here, it is safe.
// Before either, the request's review (RequestReview): Approve waits for it, a warning needs the
// user's "I understand the risk", and a request the project blocks cannot be approved at all — the
// user dismisses it and its caller gets 4001 "Action not allowed". A review that does not arrive
// (the API down) is said, and leaves approving to the user.
import { useCallback, useEffect, useRef, useState } from 'react'
import { useFrame } from '../app/context.js'
import { ApprovalFields, actionOf } from '../components/ApprovalFields.js'
import { ReviewedActions } from '../components/ReviewedActions.js'
import { useLocale } from '../components/useMessages.js'
import { useRequestReview } from '../components/useRequestReview.js'
import { useStore } from '../components/useStore.js'
import { isSupported as canSeeCover } from '../components/useUnobscured.js'
import { useViewMessages } from '../components/useViewMessages.js'
import { summarize } from '../core/approvalSummary.js'
import * as ApprovalWindow from '../core/approvalWindow.js'

/** What the note under "Approve in a new window" says: the approval window's state. */
type WindowNote = 'blocked' | 'waiting' | 'closed'

export function ApproveTransaction() {
  const frame = useFrame()
  const { core } = frame
  const pending = useStore(core.pending)
  const messages = useViewMessages().review
  const locale = useLocale()
  const [answered, setAnswered] = useState<number>()
  const [windowNote, setWindowNote] = useState<{ id: number; note: WindowNote }>()
  const approvalWindow = useRef<{ id: number; opened: ApprovalWindow.Opened }>(undefined)
  const waiting = pending.filter((request) => request.inFrame)
  const first = waiting[0]
  const firstId = first?.id
  // A blocked request is blocked in the wallet itself, so that no other way approves it and however it
  // ends (Dismiss, the modal closed) its caller hears "Action not allowed".
  const blockInWallet = useCallback(
    (id: number) => void frame.embedded().then((wallet) => wallet.block(id)),
    [frame],
  )
  const review = useRequestReview(first, blockInWallet)
  const { gate } = review
  // A request answered or ended elsewhere (Reject here, the modal closed) takes its window with it.
  useEffect(
    () => () => {
      if (approvalWindow.current?.id === firstId) approvalWindow.current?.opened.close()
    },
    [firstId],
  )
  if (!first) return <p className="wf-muted">{messages.noneWaiting}</p>
  const network = first.network ? core.networks.find(first.network) : undefined
  const summary = summarize(first, network)
  const busy = answered === first.id
  const appName = frame.host()?.metadata.name ?? messages.thisApp
  const note = windowNote?.id === first.id ? windowNote.note : undefined

  async function answer(approve: boolean) {
    if (!first) return
    setAnswered(first.id)
    // The wallet is loaded already: its request is what this view shows.
    ;(await frame.embedded()).answer(first.id, approve)
  }

  /** A blocked request's end: blocked in the wallet first, so that its caller hears why. */
  async function dismiss() {
    if (!first) return
    setAnswered(first.id)
    const wallet = await frame.embedded()
    wallet.block(first.id)
    wallet.answer(first.id, false)
  }

  /** Opens the approval window, in the click handler itself (popup blockers). */
  function approveInWindow() {
    if (!first) return
    const id = first.id
    const opened = ApprovalWindow.ask(
      {
        appName,
        summary: { ...summary, action: actionOf(summary.action, first.method, messages) },
        review: { state: review.state, from: review.from, sponsored: first.sponsored },
      },
      { origin: location.origin, locale },
    )
    if (!opened) return setWindowNote({ id, note: 'blocked' })
    approvalWindow.current = { id, opened }
    setWindowNote({ id, note: 'waiting' })
    void opened.outcome.then((outcome) => {
      if (approvalWindow.current?.opened === opened) approvalWindow.current = undefined
      if (outcome === 'closed') setWindowNote({ id, note: 'closed' })
      else void answer(outcome === 'approved')
    })
  }

  return (
    <div
      className="wf-stack"
      data-testid="wf-approve-transaction"
      data-method={first.method}
      data-request-id={first.id}
    >
      <p>
        <strong data-testid="wf-approve-action">{actionOf(summary.action, first.method, messages)}</strong>
      </p>
      <p className="wf-muted">{messages.asksYourWallet(appName)}</p>
      <ApprovalFields fields={summary.fields} words={messages.fields} />
      <ReviewedActions
        review={review}
        waiting={waiting.length}
        busy={busy}
        sponsored={first.sponsored}
        rejectTestId="wf-approve-reject"
        onDismiss={() => void dismiss()}
        onReject={() => void answer(false)}
        primary={(covered) =>
          canSeeCover() ? (
            <button
              type="button"
              className="wf-button"
              data-testid="wf-approve-confirm"
              disabled={busy || covered || gate !== 'approve'}
              onClick={() => void answer(true)}
            >
              {messages.approve}
            </button>
          ) : (
            <button
              type="button"
              className="wf-button"
              data-testid="wf-approve-window"
              // The window shows the review too, and its Approve asks for the warning's tick itself.
              disabled={busy || (gate !== 'approve' && gate !== 'confirm') || note === 'waiting'}
              onClick={approveInWindow}
            >
              {messages.window.open}
            </button>
          )
        }
      />
      {canSeeCover() ? null : (
        <p className="wf-muted" data-testid="wf-approve-window-note" role="status">
          {messages.window[note ?? 'why']}
        </p>
      )}
    </div>
  )
}
